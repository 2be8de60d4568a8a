// The part of Darwin's <stdlib.h> that Sources/CPlaytimeSHA uses (its C type-check in scripts/apple-typecheck.sh).
#ifndef PLAYTIME_DARWIN_C_STDLIB_H
#define PLAYTIME_DARWIN_C_STDLIB_H
#include <stddef.h>

char *getenv(const char *name);                                                  // getenv(3)

#endif
