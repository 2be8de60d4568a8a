// Darwin's integer types as its headers spell them (64-bit Apple targets: arm64, x86_64). Swift maps the
// C builtin types, so what matters is which builtin each typedef names: mode_t is 16 bits on Darwin (32 on
// Linux), dev_t is signed 32, socklen_t unsigned 32, sa_family_t 8 bits (a byte before it holds the length).
// Sources: types(5) and the man pages cited per line; Apple Developer Documentation (Kernel > sys/types.h).
#ifndef PLAYTIME_DARWIN_TYPES_H
#define PLAYTIME_DARWIN_TYPES_H

typedef signed char __int8_t;                 // sys/_types.h (machine types), types(5)
typedef unsigned char __uint8_t;              // sys/_types.h, types(5)
typedef short __int16_t;                      // sys/_types.h, types(5)
typedef unsigned short __uint16_t;            // sys/_types.h, types(5)
typedef int __int32_t;                        // sys/_types.h, types(5)
typedef unsigned int __uint32_t;              // sys/_types.h, types(5)
typedef long long __int64_t;                  // sys/_types.h, types(5)
typedef unsigned long long __uint64_t;        // sys/_types.h, types(5)

typedef __int32_t int32_t;                    // stdint(7)
typedef __uint32_t uint32_t;                  // stdint(7)
typedef __int64_t int64_t;                    // stdint(7)
typedef __uint64_t uint64_t;                  // stdint(7)
typedef __uint8_t uint8_t;                    // stdint(7)
typedef __uint16_t uint16_t;                  // stdint(7)

typedef unsigned long size_t;                 // types(5): size_t, imported by Swift as Int
typedef long ssize_t;                         // types(5): ssize_t, imported by Swift as Int
typedef __int64_t off_t;                      // types(5): off_t (lseek(2), ftruncate(2))
typedef __uint16_t mode_t;                    // types(5): mode_t is __uint16_t on Darwin (chmod(2), open(2))
typedef __int32_t dev_t;                      // types(5): dev_t (stat(2) st_dev)
typedef __uint64_t ino_t;                     // stat(2): ino_t with _DARWIN_FEATURE_64_BIT_INODE
typedef __uint16_t nlink_t;                   // stat(2): nlink_t
typedef __uint32_t uid_t;                     // types(5)
typedef __uint32_t gid_t;                     // types(5)
typedef __int64_t blkcnt_t;                   // stat(2): blkcnt_t
typedef __int32_t blksize_t;                  // stat(2): blksize_t
typedef long time_t;                          // time(3): __darwin_time_t is long
typedef __int32_t suseconds_t;                // gettimeofday(2): struct timeval's tv_usec is __darwin_suseconds_t, 32 bits
typedef __uint32_t socklen_t;                 // socket(2), getsockopt(2): __darwin_socklen_t
typedef __uint8_t sa_family_t;                // socket(2): sa_family_t is one byte on Darwin
typedef __uint16_t in_port_t;                 // ip(4), netinet/in.h
typedef __uint32_t in_addr_t;                 // ip(4), inet(3)
typedef unsigned int nfds_t;                  // poll(2): nfds_t

#endif
