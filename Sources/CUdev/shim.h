// libudev (Debian's libudev-dev): finding DRM cards and watching hotplug from ScanoutPlatform.
#include <libudev.h>
