/* LD_PRELOAD shim: CLOCK_BOOTTIME (and CLOCK_BOOTTIME_ALARM) reads as the real boot clock plus
 * PT_BOOT_DELTA_NS nanoseconds (signed). A negative delta simulates an honest reboot (the boot clock
 * restarted), a positive one time passing within the boot. Everything else goes to the next
 * clock_gettime in the chain (libfaketime, when it is preloaded after this shim, then libc).
 * A boot clock below zero exists on no machine: a delta that would make one is the harness's mistake, so
 * the process stops with that said on one line instead of reading a made-up value. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

typedef int (*clock_gettime_fn)(clockid_t, struct timespec *);
static clock_gettime_fn next_clock_gettime;
static long long delta_ns;
static int ready;

static void setup(void) {
    next_clock_gettime = (clock_gettime_fn)dlsym(RTLD_NEXT, "clock_gettime");
    const char *text = getenv("PT_BOOT_DELTA_NS");
    delta_ns = text ? strtoll(text, NULL, 10) : 0;
    ready = 1;
}

int clock_gettime(clockid_t clock, struct timespec *out) {
    if (!ready) setup();
    int result = next_clock_gettime(clock, out);
    if (result == 0 && out && (clock == CLOCK_BOOTTIME || clock == CLOCK_BOOTTIME_ALARM) && delta_ns != 0) {
        long long ns = (long long)out->tv_sec * 1000000000LL + out->tv_nsec + delta_ns;
        if (ns < 0) {
            fprintf(stderr, "bootshim: PT_BOOT_DELTA_NS=%lld would make the boot clock read %lld ns, below zero\n",
                    delta_ns, ns);
            _exit(70);
        }
        out->tv_sec = ns / 1000000000LL;
        out->tv_nsec = ns % 1000000000LL;
    }
    return result;
}
