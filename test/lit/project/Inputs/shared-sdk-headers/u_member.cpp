// Code between the headers that has the compiler use a default argument of
// a header's (the allocator of std::string's constructor): the use is made
// where the user's declaration is, which the header comes before.
#include <string>
static std::string greeting = "hello";
#include <map>
std::map<int, std::string> byId;
