// sysctl by name: the boot session identifier ("kern.bootsessionuuid") is read with it.
#ifndef PLAYTIME_DARWIN_SYSCTL_H
#define PLAYTIME_DARWIN_SYSCTL_H
#include "darwin_types.h"

int sysctlbyname(const char *name, void *oldp, size_t *oldlenp, void *newp,
                 size_t newlen);                                                 // sysctlbyname(3); Apple Developer Documentation: "sysctlbyname(_:_:_:_:_:)"

#endif
