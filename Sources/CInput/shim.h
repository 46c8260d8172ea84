// libinput (Debian's libinput-dev): touch, pointer and keyboard devices from ScanoutPlatform.
#include <errno.h>
#include <fcntl.h>
#include <libinput.h>

/// open(2) for libinput's open_restricted callback: the variadic open is not callable from Swift.
/// Returns the fd, or -errno as libinput expects.
static inline int scanout_input_open(const char *path, int flags) {
    int fd = open(path, flags | O_CLOEXEC);
    return fd < 0 ? -errno : fd;
}
