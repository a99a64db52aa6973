// A use, between the headers, of what a later one declares: in place, it
// would not resolve.
#include <stdio.h>
static std::vector<int> early;
#include <vector>
