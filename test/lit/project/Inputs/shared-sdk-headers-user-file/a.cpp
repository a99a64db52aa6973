#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

int a() { return printf("%d", int(sizeof(size_t))); }
