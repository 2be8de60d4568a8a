// os_unfair_lock (os/lock.h). Apple documents it under the os framework; `import Darwin` alone brings it into
// Swift (docs/apple.md lists this among the facts to confirm on a Mac).
#ifndef PLAYTIME_DARWIN_OS_LOCK_H
#define PLAYTIME_DARWIN_OS_LOCK_H
#include "darwin_types.h"

typedef struct os_unfair_lock_s {             // Apple Developer Documentation: "os_unfair_lock_s" (one opaque 32-bit word)
    uint32_t _os_unfair_lock_opaque;
} os_unfair_lock, *os_unfair_lock_t;          // Apple Developer Documentation: "os_unfair_lock", "os_unfair_lock_t"

// Both take a non-null pointer (OS_NONNULL_ALL) and, from the SDKs that brought OSAllocatedUnfairLock
// (macOS 13 / iOS 16), are unavailable from async contexts (OS_SWIFT_UNAVAILABLE_FROM_ASYNC): a call from an
// async function is an error in Swift 6, so ThreadLock calls them from synchronous code only.
#define PLAYTIME_OS_UNFAIR_LOCK_AVAILABILITY \
    __attribute__((availability(macos, introduced=10.12), availability(ios, introduced=10.0), \
                   availability(tvos, introduced=10.0), availability(watchos, introduced=3.0)))
#define PLAYTIME_OS_SWIFT_UNAVAILABLE_FROM_ASYNC \
    __attribute__((__swift_attr__("@_unavailableFromAsync(message: \"use a scoped lock for async-safe locking\")")))

PLAYTIME_OS_UNFAIR_LOCK_AVAILABILITY __attribute__((__nonnull__)) PLAYTIME_OS_SWIFT_UNAVAILABLE_FROM_ASYNC
void os_unfair_lock_lock(os_unfair_lock_t lock);                    // Apple Developer Documentation: "os_unfair_lock_lock"; os/lock.h
PLAYTIME_OS_UNFAIR_LOCK_AVAILABILITY __attribute__((__nonnull__)) PLAYTIME_OS_SWIFT_UNAVAILABLE_FROM_ASYNC
void os_unfair_lock_unlock(os_unfair_lock_t lock);                  // Apple Developer Documentation: "os_unfair_lock_unlock"; os/lock.h

#endif
