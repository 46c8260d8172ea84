// Linux interfaces ScanoutPlatform calls that Swift's Glibc module lacks: the event descriptors the main loop
// is built on (epoll, eventfd, timerfd, signalfd), the console (KD/VT ioctls) and the framebuffer device.
#include <linux/fb.h>
#include <linux/kd.h>
#include <linux/vt.h>
#include <poll.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>

/// ioctl(2) with a pointer argument: the variadic ioctl is not callable from Swift.
static inline int scanout_linux_ioctl(int fd, unsigned long request, void *arg) { return ioctl(fd, request, arg); }

/// ioctl(2) with an integer argument (KDSETMODE takes the mode by value).
static inline int scanout_linux_ioctl_value(int fd, unsigned long request, unsigned long value) { return ioctl(fd, request, value); }

static inline unsigned long scanout_KDGETMODE(void) { return KDGETMODE; }
static inline unsigned long scanout_KDSETMODE(void) { return KDSETMODE; }
static inline unsigned long scanout_KDGKBMODE(void) { return KDGKBMODE; }
static inline unsigned long scanout_KDSKBMODE(void) { return KDSKBMODE; }
static inline unsigned long scanout_VT_GETSTATE(void) { return VT_GETSTATE; }
static inline unsigned long scanout_FBIOGET_VSCREENINFO(void) { return FBIOGET_VSCREENINFO; }
static inline unsigned long scanout_FBIOGET_FSCREENINFO(void) { return FBIOGET_FSCREENINFO; }
static inline unsigned long scanout_FBIOBLANK(void) { return FBIOBLANK; }
static inline unsigned long scanout_VT_GETMODE(void) { return VT_GETMODE; }
static inline unsigned long scanout_VT_SETMODE(void) { return VT_SETMODE; }
static inline unsigned long scanout_VT_RELDISP(void) { return VT_RELDISP; }

#include <sys/syscall.h>
#include <unistd.h>
/// Whether the calling thread is the process's first (its thread id, gettid(2), equals the process id), found
/// once per thread: glibc caches neither id, and asking costs two system calls (~0.3 us here) — an observed
/// model's change asks at every mutation. (A child forked from another thread keeps that thread's answer.)
static inline int scanout_linux_is_main_thread(void) {
    static _Thread_local int answer;  /* 0: not asked yet on this thread; 1: the first thread; 2: another */
    if (answer == 0) answer = (pid_t)syscall(SYS_gettid) == getpid() ? 1 : 2;
    return answer == 1;
}

#include <sys/auxv.h>
/// Where the kernel mapped the program's header table (getauxval(AT_PHDR)): with the file's own address of
/// it, how far a position-independent executable was moved when loaded.
static inline unsigned long scanout_linux_program_headers(void) { return getauxval(AT_PHDR); }
