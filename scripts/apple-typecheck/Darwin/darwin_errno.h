// errno and the error numbers the platform layer compares against. Values from intro(2) ("DIAGNOSTICS"),
// Apple Developer Documentation: "errno" (sys/errno.h). On Darwin these are #define'd ints: Swift sees Int32.
#ifndef PLAYTIME_DARWIN_ERRNO_H
#define PLAYTIME_DARWIN_ERRNO_H

extern int *__error(void);                    // sys/errno.h: errno is (*__error()); Swift reads it through the overlay's errno

#define EPERM 1                               // intro(2)
#define ENOENT 2                              // intro(2)
#define EINTR 4                               // intro(2)
#define EIO 5                                 // intro(2)
#define EBADF 9                               // intro(2)
#define ENOMEM 12                             // intro(2)
#define EACCES 13                             // intro(2)
#define EEXIST 17                             // intro(2)
#define ENOTDIR 20                            // intro(2)
#define EISDIR 21                             // intro(2)
#define EINVAL 22                             // intro(2)
#define ENFILE 23                             // intro(2)
#define EMFILE 24                             // intro(2)
#define ENOSPC 28                             // intro(2)
#define EROFS 30                              // intro(2)
#define EMLINK 31                             // intro(2)
#define EPIPE 32                              // intro(2)
#define EAGAIN 35                             // intro(2)
#define EWOULDBLOCK EAGAIN                    // intro(2): the same number as EAGAIN
#define EINPROGRESS 36                        // intro(2)
#define ENOTSUP 45                            // intro(2)
#define EAFNOSUPPORT 47                       // intro(2)
#define EADDRNOTAVAIL 49                      // intro(2)
#define ENETDOWN 50                           // intro(2)
#define ENETUNREACH 51                        // intro(2)
#define ECONNABORTED 53                       // intro(2)
#define ECONNRESET 54                         // intro(2)
#define ENOBUFS 55                            // intro(2)
#define ENOTCONN 57                           // intro(2)
#define ESHUTDOWN 58                          // intro(2)
#define ETIMEDOUT 60                          // intro(2)
#define ECONNREFUSED 61                       // intro(2)
#define ELOOP 62                              // intro(2)
#define ENAMETOOLONG 63                       // intro(2)
#define EHOSTUNREACH 65                       // intro(2)
#define ENOSYS 78                             // intro(2)
#define EPROTO 100                            // intro(2)
#define EOPNOTSUPP 102                        // intro(2)

char *strerror(int errnum);                   // strerror(3)

#endif
