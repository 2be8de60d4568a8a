// Name resolution (netdb.h). EAI_* are #define'd ints (Int32).
#ifndef PLAYTIME_DARWIN_NETDB_H
#define PLAYTIME_DARWIN_NETDB_H
#include "darwin_types.h"
#include "darwin_socket.h"

struct addrinfo {                             // getaddrinfo(3): ai_canonname comes before ai_addr on Darwin
    int ai_flags;
    int ai_family;
    int ai_socktype;
    int ai_protocol;
    socklen_t ai_addrlen;
    char *ai_canonname;
    struct sockaddr *ai_addr;
    struct addrinfo *ai_next;
};

#define EAI_AGAIN 2                           // gai_strerror(3)
#define EAI_FAIL 4                            // gai_strerror(3)
#define EAI_FAMILY 5                          // gai_strerror(3)
#define EAI_MEMORY 6                          // gai_strerror(3)
#define EAI_NONAME 8                          // gai_strerror(3)

int getaddrinfo(const char *hostname, const char *servname, const struct addrinfo *hints,
                struct addrinfo **res);                                          // getaddrinfo(3)
void freeaddrinfo(struct addrinfo *ai);                                          // getaddrinfo(3)
const char *gai_strerror(int ecode);                                             // gai_strerror(3)

#endif
