// poll.h: POLLIN / POLLOUT are #define'd ints (Int32); events and revents are shorts.
#ifndef PLAYTIME_DARWIN_POLL_H
#define PLAYTIME_DARWIN_POLL_H
#include "darwin_types.h"

struct pollfd {                               // poll(2)
    int fd;
    short events;
    short revents;
};

#define POLLIN 0x0001                         // poll(2)
#define POLLOUT 0x0004                        // poll(2)

int poll(struct pollfd fds[], nfds_t nfds, int timeout);                         // poll(2)

#endif
