// C++ units share the system headers they include first too.
#include <string>
#include <map>
std::map<std::string, int> table;
