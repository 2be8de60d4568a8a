// Clocks and sleeping. clockid_t is an enum on Darwin (time.h), so Swift imports it as a struct with
// CLOCK_* constants, not as Int32. clock_gettime_nsec_np is Darwin-only.
#ifndef PLAYTIME_DARWIN_TIME_H
#define PLAYTIME_DARWIN_TIME_H
#include "darwin_types.h"

struct timespec {                             // nanosleep(2), clock_gettime(3)
    time_t tv_sec;
    long tv_nsec;
};

struct timeval {                              // gettimeofday(2): tv_usec is 32 bits on Darwin
    time_t tv_sec;
    suseconds_t tv_usec;
};

#define PLAYTIME_CLOCK_AVAILABILITY \
    __attribute__((availability(macos, introduced=10.12), availability(ios, introduced=10.0), \
                   availability(tvos, introduced=10.0), availability(watchos, introduced=3.0)))

typedef enum {                                // clock_gettime(3); time.h: each clock macOS 10.12 / iOS 10
    _CLOCK_REALTIME PLAYTIME_CLOCK_AVAILABILITY = 0,
    _CLOCK_MONOTONIC_RAW PLAYTIME_CLOCK_AVAILABILITY = 4,
} clockid_t;
// time.h #defines CLOCK_REALTIME as _CLOCK_REALTIME, and Swift code on Apple platforms names it as a clockid_t
// (clock_gettime_nsec_np(CLOCK_UPTIME_RAW) compiles there). The Swift importer here does not follow a macro to
// an enumerator, so the stand-in gives Swift the same view with constants of the enum type.
static const clockid_t CLOCK_REALTIME PLAYTIME_CLOCK_AVAILABILITY = _CLOCK_REALTIME;           // clock_gettime(3): the wall clock
static const clockid_t CLOCK_MONOTONIC_RAW PLAYTIME_CLOCK_AVAILABILITY = _CLOCK_MONOTONIC_RAW; // clock_gettime(3): counts while the system sleeps

PLAYTIME_CLOCK_AVAILABILITY
int clock_gettime(clockid_t clock_id, struct timespec *tp);         // clock_gettime(3)
PLAYTIME_CLOCK_AVAILABILITY
__uint64_t clock_gettime_nsec_np(clockid_t clock_id);               // clock_gettime(3); Apple Developer Documentation: "clock_gettime_nsec_np"
int nanosleep(const struct timespec *rqtp, struct timespec *rmtp);  // nanosleep(2)

#endif
