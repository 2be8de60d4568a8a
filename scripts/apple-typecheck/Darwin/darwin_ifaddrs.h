// Network interfaces (ifaddrs.h, net/if.h). ifa_flags is an unsigned int; IFF_* are #define'd ints.
#ifndef PLAYTIME_DARWIN_IFADDRS_H
#define PLAYTIME_DARWIN_IFADDRS_H
#include "darwin_socket.h"

struct ifaddrs {                              // getifaddrs(3)
    struct ifaddrs *ifa_next;
    char *ifa_name;
    unsigned int ifa_flags;
    struct sockaddr *ifa_addr;
    struct sockaddr *ifa_netmask;
    struct sockaddr *ifa_dstaddr;
    void *ifa_data;
};

#define IFF_UP 0x1                            // netintro(4), net/if.h
#define IFF_LOOPBACK 0x8                      // netintro(4)
#define IFF_RUNNING 0x40                      // netintro(4)

int getifaddrs(struct ifaddrs **ifap);                                           // getifaddrs(3)
void freeifaddrs(struct ifaddrs *ifp);                                           // getifaddrs(3)

#endif
