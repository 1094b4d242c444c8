// Linux calls that Swift's Glibc module map leaves out (swift-nio carries
// the same kind of shim as CNIOLinux). Header-only: nothing extra to link.
#include <errno.h>
#include <linux/openat2.h>
#include <linux/sockios.h>  // SIOCOUTQ
#include <malloc.h>  // malloc_trim, mallinfo2: to give freed heap back after a spike
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>  // folio serve reloads when its files change
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

// accept4 is declared only under _GNU_SOURCE, which the Glibc module is not built with.
extern int accept4(int sockfd, struct sockaddr *addr, socklen_t *addrlen, int flags);

// O_PATH is declared only under _GNU_SOURCE too; its value is the same on every Linux architecture.
static const int folio_O_PATH = 010000000;

// openat2(2) (Linux 5.6+), which glibc has no wrapper for; -1 with ENOSYS
// where the kernel (or a seccomp filter) does not know it.
static inline int folio_openat2(int dirfd, const char *path, unsigned long long flags,
                                unsigned long long resolve) {
#ifdef SYS_openat2
    struct open_how how = {.flags = flags, .mode = 0, .resolve = resolve};
    return (int)syscall(SYS_openat2, dirfd, path, &how, sizeof how);
#else
    errno = ENOSYS;
    return -1;
#endif
}

// The bytes of free chunks in all malloc arenas (mallinfo2's fordblks): a
// jump means a spike was freed. Swift cannot call mallinfo2 itself: the
// function and its struct share one name.
static inline size_t folio_free_heap_bytes(void) {
    return mallinfo2().fordblks;
}

// Bytes the kernel still holds for a TCP socket (sent but not acknowledged,
// or not sent yet), as `ss` shows in Send-Q; -1 on error. ioctl is variadic,
// which Swift cannot call.
static inline int folio_kernel_queued_bytes(int fd) {
    int count = 0;
    return ioctl(fd, SIOCOUTQ, &count) == 0 ? count : -1;
}
