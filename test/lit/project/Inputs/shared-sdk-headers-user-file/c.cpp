#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

int c() { return printf("%d", int(sizeof(size_t))); }
