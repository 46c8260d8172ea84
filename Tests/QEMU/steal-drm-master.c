// Test helper for Tests/QEMU/run-platform-smoke: takes DRM master away from a running process without a VT
// switch, the way a seat manager (logind, seatd) revokes it: a duplicate of the process's DRM descriptor
// (pidfd_getfd, root only) drops master on the process's open file, then this helper opens the card and
// becomes master itself, holds it for SECONDS and exits (which frees master again).
//
// Usage: steal-drm-master PID FD CARD SECONDS
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

// From the kernel's drm.h (include/uapi/drm/drm.h), so no DRM headers are needed to build this.
#define DRM_IOCTL_SET_MASTER _IO('d', 0x1e)
#define DRM_IOCTL_DROP_MASTER _IO('d', 0x1f)

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: %s PID FD CARD SECONDS\n", argv[0]);
        return 2;
    }
    int pidfd = (int)syscall(SYS_pidfd_open, atoi(argv[1]), 0);
    if (pidfd < 0) { perror("pidfd_open"); return 1; }
    int theirs = (int)syscall(SYS_pidfd_getfd, pidfd, atoi(argv[2]), 0);
    if (theirs < 0) { perror("pidfd_getfd"); return 1; }
    if (ioctl(theirs, DRM_IOCTL_DROP_MASTER, 0) != 0) { perror("DRM_IOCTL_DROP_MASTER on the process's descriptor"); return 1; }
    close(theirs);
    int ours = open(argv[3], O_RDWR | O_CLOEXEC);
    if (ours < 0) { perror(argv[3]); return 1; }
    if (ioctl(ours, DRM_IOCTL_SET_MASTER, 0) != 0) { perror("DRM_IOCTL_SET_MASTER"); return 1; }
    printf("steal-drm-master: master taken from pid %s, held for %s s\n", argv[1], argv[4]);
    fflush(stdout);
    sleep((unsigned)atoi(argv[4]));
    printf("steal-drm-master: releasing master\n");
    return 0;
}
