// A shim for Windows, as llm.c's dev/unistd.h: it compiles only there.
#pragma once
#include <direct.h>
#include <io.h>
static inline int make_folder(const char *p) { return _mkdir(p); }
static inline int is_tty(int fd) { return _isatty(fd); }
