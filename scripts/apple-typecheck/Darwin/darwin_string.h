// Byte scanning (string.h).
#ifndef PLAYTIME_DARWIN_STRING_H
#define PLAYTIME_DARWIN_STRING_H
#include "darwin_types.h"

void *memchr(const void *s, int c, size_t n);                                    // memchr(3)
int memcmp(const void *s1, const void *s2, size_t n);                            // memcmp(3)

#endif
