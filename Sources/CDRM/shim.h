// libdrm (Debian's libdrm-dev): KMS/DRM from ScanoutPlatform.
// Shims only for what Swift cannot express: variadic ioctl/open, and fourcc macros.
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <drm_fourcc.h>

static inline int scanout_ioctl(int fd, unsigned long request, void *arg) { return ioctl(fd, request, arg); }

/// open(2) with flags only (no mode): the variadic open is not callable from Swift.
static inline int scanout_open(const char *path, int flags) { return open(path, flags); }

static inline uint32_t scanout_drm_format_xrgb8888(void) { return DRM_FORMAT_XRGB8888; }
static inline uint32_t scanout_drm_format_argb8888(void) { return DRM_FORMAT_ARGB8888; }
static inline uint32_t scanout_drm_format_rgb565(void) { return DRM_FORMAT_RGB565; }
