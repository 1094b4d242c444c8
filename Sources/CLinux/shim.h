// Linux calls that Swift's Glibc module map leaves out (swift-nio carries
// the same kind of shim as CNIOLinux). Header-only: nothing extra to link.
#include <malloc.h>  // malloc_trim, to give freed request bodies back
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>

// accept4 is declared only under _GNU_SOURCE, which the Glibc module is not built with.
extern int accept4(int sockfd, struct sockaddr *addr, socklen_t *addrlen, int flags);
