// The part of Darwin's <sys/sysctl.h> that Sources/CPlaytimeSHA uses: the SHA-512 feature query
// ("hw.optional.arm.FEAT_SHA512", Apple Developer Documentation: "Determining instruction set characteristics").
#ifndef PLAYTIME_DARWIN_C_SYSCTL_H
#define PLAYTIME_DARWIN_C_SYSCTL_H
#include <stddef.h>

int sysctlbyname(const char *name, void *oldp, size_t *oldlenp, void *newp,
                 size_t newlen);                                                 // sysctlbyname(3); Apple Developer Documentation: "sysctlbyname(_:_:_:_:_:)"

#endif
