// os_unfair_lock (os/lock.h). Apple documents it under the os framework; `import Darwin` alone brings it into
// Swift (docs/apple.md lists this among the facts to confirm on a Mac).
#ifndef PLAYTIME_DARWIN_OS_LOCK_H
#define PLAYTIME_DARWIN_OS_LOCK_H
#include "darwin_types.h"

typedef struct os_unfair_lock_s {             // Apple Developer Documentation: "os_unfair_lock_s" (one opaque 32-bit word)
    uint32_t _os_unfair_lock_opaque;
} os_unfair_lock, *os_unfair_lock_t;          // Apple Developer Documentation: "os_unfair_lock", "os_unfair_lock_t"

void os_unfair_lock_lock(os_unfair_lock_t lock)                     // Apple Developer Documentation: "os_unfair_lock_lock"
    __attribute__((availability(macos, introduced=10.12), availability(ios, introduced=10.0),
                   availability(tvos, introduced=10.0), availability(watchos, introduced=3.0)));
void os_unfair_lock_unlock(os_unfair_lock_t lock)                   // Apple Developer Documentation: "os_unfair_lock_unlock"
    __attribute__((availability(macos, introduced=10.12), availability(ios, introduced=10.0),
                   availability(tvos, introduced=10.0), availability(watchos, introduced=3.0)));

#endif
