// signal.h and pthread's signal mask, as Darwin declares them: sigset_t is one 32-bit word (__darwin_sigset_t),
// SIG_BLOCK is 1 (0 on Linux), the signal numbers are #define'd ints (Swift sees Int32).
#ifndef PLAYTIME_DARWIN_SIGNAL_H
#define PLAYTIME_DARWIN_SIGNAL_H
#include "darwin_types.h"

typedef __uint32_t sigset_t;                  // sigsetops(3): __darwin_sigset_t, one bit per signal
typedef __int32_t pid_t;                      // types(5): __darwin_pid_t

#define SIGHUP 1                              // signal(3)
#define SIGINT 2                              // signal(3)
#define SIGTERM 15                            // signal(3)
#define SIG_BLOCK 1                           // sigprocmask(2): SIG_BLOCK, SIG_UNBLOCK 2, SIG_SETMASK 3

int sigemptyset(sigset_t *set);                                                        // sigsetops(3)
int sigaddset(sigset_t *set, int signo);                                               // sigsetops(3)
int pthread_sigmask(int how, const sigset_t *set, sigset_t *oset);                     // pthread_sigmask(2)
int sigwait(const sigset_t *set, int *sig);                                            // sigwait(2)
int kill(pid_t pid, int sig);                                                          // kill(2)
pid_t getpid(void);                                                                    // getpid(2)

#endif
