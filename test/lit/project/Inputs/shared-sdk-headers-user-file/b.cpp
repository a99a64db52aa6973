#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

int b() { return printf("%d", int(sizeof(size_t))); }
