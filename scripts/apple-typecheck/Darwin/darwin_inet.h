// IPv4 / IPv6 addresses and TCP options (netinet/in.h, netinet6/in6.h, netinet/tcp.h, arpa/inet.h).
// IPPROTO_* and TCP_NODELAY are #define'd ints on Darwin (Int32 in Swift).
#ifndef PLAYTIME_DARWIN_INET_H
#define PLAYTIME_DARWIN_INET_H
#include "darwin_types.h"

struct in_addr {                              // ip(4), inet(3)
    in_addr_t s_addr;
};

struct sockaddr_in {                          // ip(4): "struct sockaddr_in", sin_len first
    __uint8_t sin_len;
    sa_family_t sin_family;
    in_port_t sin_port;
    struct in_addr sin_addr;
    char sin_zero[8];
};

struct in6_addr {                             // ip6(4), inet6(4): 16 bytes, viewed as 8-, 16- or 32-bit words
    union {
        __uint8_t __u6_addr8[16];
        __uint16_t __u6_addr16[8];
        __uint32_t __u6_addr32[4];
    } __u6_addr;
};

struct sockaddr_in6 {                         // ip6(4), inet6(4): "struct sockaddr_in6", sin6_len first
    __uint8_t sin6_len;
    sa_family_t sin6_family;
    in_port_t sin6_port;
    __uint32_t sin6_flowinfo;
    struct in6_addr sin6_addr;
    __uint32_t sin6_scope_id;
};

#define IPPROTO_TCP 6                         // tcp(4), netinet/in.h
#define IPPROTO_UDP 17                        // udp(4), netinet/in.h
#define TCP_NODELAY 0x01                      // tcp(4)
#define INET6_ADDRSTRLEN 46                   // inet_ntop(3)

int inet_pton(int af, const char *src, void *dst);                               // inet_pton(3)
const char *inet_ntop(int af, const void *src, char *dst, socklen_t size);       // inet_ntop(3)

#endif
