#ifndef CEPOLL_SHIM_H
#define CEPOLL_SHIM_H

/// Linux's `epoll`, which Swift's Glibc module does not include: the bench's HTTP clients wait on
/// their sockets with it, as wrk does, instead of `poll`ing all of them for each response.
#include <sys/epoll.h>

#endif
