// JPEG decoding from memory through libjpeg, for ScanoutImage. libjpeg reports errors by longjmp out of its
// error_exit callback, which Swift cannot survive, so jpeg_shim.c owns the setjmp and every call here returns
// a status instead. Decoding is two calls, so that Swift checks the size and owns the output allocation.
#ifndef SCANOUT_JPEG_SHIM_H
#define SCANOUT_JPEG_SHIM_H

#include <stddef.h>

typedef enum scanout_jpeg_status {
    SCANOUT_JPEG_OK = 0,
    // Truncated or corrupt data: libjpeg raised an error or a corrupt-data warning (warnings are not ignored).
    SCANOUT_JPEG_MALFORMED = 1,
    // A valid JPEG in colours libjpeg-turbo cannot convert to RGB (CMYK, YCCK, unusual component counts).
    SCANOUT_JPEG_UNSUPPORTED = 2,
    // libjpeg could not be loaded (it is opened with dlopen at the first call): the message names the package.
    SCANOUT_JPEG_UNAVAILABLE = 3,
} scanout_jpeg_status;

// Room for any message the shim writes (libjpeg's JMSG_LENGTH_MAX).
#define SCANOUT_JPEG_MESSAGE_SIZE 200

// Reads the header of the JPEG in data[0..<size]: its pixel size, and whether its colours can be decoded.
// Returns OK or UNSUPPORTED with *width and *height set, or MALFORMED; anything but OK puts the reason,
// NUL-terminated, in message[0..<message_size].
scanout_jpeg_status scanout_jpeg_read_header(const unsigned char *data, unsigned long size, int *width, int *height,
                                             char *message, size_t message_size);

// Decodes the JPEG in data[0..<size] into opaque 32-bit 0xAARRGGBB words in native byte order (BGRA bytes on
// little-endian machines): row y starts at pixels + y * stride. Fails as MALFORMED unless the image is exactly
// width x height, the size scanout_jpeg_read_header reported, so the caller's allocation always fits.
scanout_jpeg_status scanout_jpeg_decode_argb8888(const unsigned char *data, unsigned long size, int width, int height,
                                                 unsigned char *pixels, size_t stride,
                                                 char *message, size_t message_size);

#endif
