// BSD sockets as Darwin declares them (sys/socket.h, sys/un.h, sys/uio.h). Unlike Glibc, whose SOCK_* are
// enum values (SOCK_DGRAM.rawValue), Darwin #defines SOCK_*, SOL_*, SO_*, SHUT_* as plain ints: Swift sees
// Int32. Every sockaddr begins with a length byte (sa_len, sin_len, sin6_len, sun_len) before the family.
#ifndef PLAYTIME_DARWIN_SOCKET_H
#define PLAYTIME_DARWIN_SOCKET_H
#include "darwin_types.h"

struct sockaddr {                             // socket(2), bind(2): "struct sockaddr"
    __uint8_t sa_len;
    sa_family_t sa_family;
    char sa_data[14];
};

struct sockaddr_storage {                     // socket(2); RFC 3493 §3.10, Darwin's sys/socket.h sizes (128 bytes)
    __uint8_t ss_len;
    sa_family_t ss_family;
    char __ss_pad1[6];
    __int64_t __ss_align;
    char __ss_pad2[112];
};

struct sockaddr_un {                          // unix(4): "struct sockaddr_un", a 104-byte sun_path
    unsigned char sun_len;
    sa_family_t sun_family;
    char sun_path[104];
};

struct iovec {                                // read(2) / readv(2): "struct iovec"
    void *iov_base;
    size_t iov_len;
};

struct msghdr {                               // recv(2): "struct msghdr"; msg_iovlen is an int on Darwin
    void *msg_name;
    socklen_t msg_namelen;
    struct iovec *msg_iov;
    int msg_iovlen;
    void *msg_control;
    socklen_t msg_controllen;
    int msg_flags;
};

struct cmsghdr {                              // recv(2): "struct cmsghdr" (data aligned to 4 bytes on Darwin)
    socklen_t cmsg_len;
    int cmsg_level;
    int cmsg_type;
};

#define AF_UNSPEC 0                           // socket(2), sys/socket.h
#define AF_UNIX 1                             // socket(2), unix(4)
#define AF_INET 2                             // socket(2), ip(4)
#define AF_INET6 30                           // socket(2), ip6(4): 30 on Darwin (10 on Linux)

#define SOCK_STREAM 1                         // socket(2)
#define SOCK_DGRAM 2                          // socket(2)

#define SOL_SOCKET 0xffff                     // getsockopt(2)
#define SO_REUSEADDR 0x0004                   // getsockopt(2)
#define SO_TIMESTAMP 0x0400                   // getsockopt(2): receive stamps as SCM_TIMESTAMP (struct timeval)
#define SO_SNDTIMEO 0x1005                    // getsockopt(2): a struct timeval
#define SO_ERROR 0x1007                       // getsockopt(2)
#define SO_NOSIGPIPE 0x1022                   // getsockopt(2): Darwin's per-socket replacement for MSG_NOSIGNAL
#define SCM_TIMESTAMP 0x02                    // recv(2), sys/socket.h: the control message SO_TIMESTAMP adds

#define SHUT_RD 0                             // shutdown(2)
#define SHUT_WR 1                             // shutdown(2)
#define SHUT_RDWR 2                           // shutdown(2)

int socket(int domain, int type, int protocol);                                        // socket(2)
int bind(int socket, const struct sockaddr *address, socklen_t address_len);          // bind(2)
int connect(int socket, const struct sockaddr *address, socklen_t address_len);       // connect(2)
int listen(int socket, int backlog);                                                   // listen(2)
int accept(int socket, struct sockaddr *address, socklen_t *address_len);             // accept(2)
int shutdown(int socket, int how);                                                     // shutdown(2)
int getsockname(int socket, struct sockaddr *address, socklen_t *address_len);        // getsockname(2)
int getsockopt(int socket, int level, int option_name, void *option_value,
               socklen_t *option_len);                                                 // getsockopt(2)
int setsockopt(int socket, int level, int option_name, const void *option_value,
               socklen_t option_len);                                                  // getsockopt(2) (setsockopt)
ssize_t send(int socket, const void *buffer, size_t length, int flags);                // send(2)
ssize_t sendto(int socket, const void *buffer, size_t length, int flags,
               const struct sockaddr *dest_addr, socklen_t dest_len);                  // send(2) (sendto)
ssize_t recv(int socket, void *buffer, size_t length, int flags);                      // recv(2)
ssize_t recvfrom(int socket, void *buffer, size_t length, int flags,
                 struct sockaddr *address, socklen_t *address_len);                    // recv(2) (recvfrom)
ssize_t recvmsg(int socket, struct msghdr *message, int flags);                        // recv(2) (recvmsg)

#endif
