// libjpeg behind setjmp, so that its errors come back to Swift as status codes (see jpeg_shim.h), loaded with
// dlopen at the first JPEG decoded rather than by the dynamic loader at start (an app that shows none never maps
// it: ~0.1 MB of resident pages, a library's loading before the first frame).
#include "jpeg_shim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>  // jpeglib.h uses FILE and size_t without including their headers.
#include <jpeglib.h>

// Debian's libjpeg62-turbo installs it under this soname.
#define LIBJPEG_SONAME "libjpeg.so.62"

// The libjpeg functions the shim calls, with the header's own types.
static struct {
    __typeof__(jpeg_std_error) *std_error;
    __typeof__(jpeg_CreateDecompress) *create_decompress;
    __typeof__(jpeg_mem_src) *mem_src;
    __typeof__(jpeg_read_header) *read_header;
    __typeof__(jpeg_start_decompress) *start_decompress;
    __typeof__(jpeg_read_scanlines) *read_scanlines;
    __typeof__(jpeg_finish_decompress) *finish_decompress;
    __typeof__(jpeg_destroy_decompress) *destroy_decompress;
} lib;
static char load_error[SCANOUT_JPEG_MESSAGE_SIZE];  // Empty once everything above is loaded.
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

// Loads the library once for the process (never closed).
static void load(void) {
    void *h = dlopen(LIBJPEG_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (h == NULL) {
        const char *why = dlerror();
        snprintf(load_error, sizeof load_error, "cannot load " LIBJPEG_SONAME " (%s): install libjpeg62-turbo",
                 why ? why : "not found");
        return;
    }
#define LOOK_UP(field, name) \
    if ((*(void **)&lib.field = dlsym(h, name)) == NULL) { \
        snprintf(load_error, sizeof load_error, LIBJPEG_SONAME " has no %s", name); \
        return; \
    }
    LOOK_UP(std_error, "jpeg_std_error")
    LOOK_UP(create_decompress, "jpeg_CreateDecompress")
    LOOK_UP(mem_src, "jpeg_mem_src")
    LOOK_UP(read_header, "jpeg_read_header")
    LOOK_UP(start_decompress, "jpeg_start_decompress")
    LOOK_UP(read_scanlines, "jpeg_read_scanlines")
    LOOK_UP(finish_decompress, "jpeg_finish_decompress")
    LOOK_UP(destroy_decompress, "jpeg_destroy_decompress")
#undef LOOK_UP
}

// The byte order of a native 0xAARRGGBB word; libjpeg-turbo fills the alpha byte with 0xFF.
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define NATIVE_ARGB JCS_EXT_ARGB
#else
#define NATIVE_ARGB JCS_EXT_BGRA
#endif

// Progressive files can hold thousands of tiny scans that each cost a pass over the image (a known way to burn
// CPU); refuse more than this many, the limit libjpeg-turbo's own simplified API applies.
#define MAXIMUM_SCANS 500

struct decoder {
    struct jpeg_decompress_struct info;
    struct jpeg_error_mgr error;
    struct jpeg_progress_mgr progress;
    jmp_buf escape;  // Where every libjpeg error lands, in the public function that set it.
    char *message;
    size_t message_size;
};

static struct decoder *decoder_of(j_common_ptr info) {
    return (struct decoder *)info;  // info is the first member of struct decoder.
}

// libjpeg's error_exit: keeps libjpeg's message and jumps back instead of printing and calling exit().
static void fail(j_common_ptr info) {
    struct decoder *decoder = decoder_of(info);
    char text[JMSG_LENGTH_MAX];
    decoder->error.format_message(info, text);
    snprintf(decoder->message, decoder->message_size, "%s", text);
    longjmp(decoder->escape, 1);
}

// Warnings (msg_level -1) are corrupt or truncated data that libjpeg would otherwise paper over with grey
// pixels ("Premature end of JPEG file"), so they fail like errors; trace messages are dropped, never printed.
static void emit_message(j_common_ptr info, int msg_level) {
    if (msg_level < 0) fail(info);
}

static void limit_scans(j_common_ptr info) {
    struct decoder *decoder = decoder_of(info);
    if (decoder->info.input_scan_number > MAXIMUM_SCANS) {
        snprintf(decoder->message, decoder->message_size, "progressive JPEG with more than %d scans", MAXIMUM_SCANS);
        longjmp(decoder->escape, 1);
    }
}

// Sets decoder up to read data and reads the header. Errors jump to decoder->escape, which the caller has set;
// decoder starts zeroed, so that jpeg_destroy_decompress is safe however early that happens.
static void read_header(struct decoder *decoder, const unsigned char *data, unsigned long size,
                        char *message, size_t message_size) {
    decoder->message = message;
    decoder->message_size = message_size;
    decoder->info.err = lib.std_error(&decoder->error);
    decoder->error.error_exit = fail;
    decoder->error.emit_message = emit_message;
    lib.create_decompress(&decoder->info, JPEG_LIB_VERSION, sizeof(struct jpeg_decompress_struct));
    decoder->progress.progress_monitor = limit_scans;
    decoder->info.progress = &decoder->progress;
    lib.mem_src(&decoder->info, data, size);
    lib.read_header(&decoder->info, TRUE);
}

// UNSUPPORTED, with the reason in the message, unless libjpeg-turbo can convert the image's colours to RGB.
static scanout_jpeg_status colour_status(struct decoder *decoder) {
    switch (decoder->info.jpeg_color_space) {
    case JCS_GRAYSCALE:
    case JCS_RGB:
    case JCS_YCbCr:
        return SCANOUT_JPEG_OK;
    case JCS_CMYK:
    case JCS_YCCK:
        snprintf(decoder->message, decoder->message_size, "CMYK colour is not supported");
        return SCANOUT_JPEG_UNSUPPORTED;
    default:
        snprintf(decoder->message, decoder->message_size, "a JPEG with %d colour components is not supported",
                 decoder->info.num_components);
        return SCANOUT_JPEG_UNSUPPORTED;
    }
}

// Decodes the pixels of the image whose header decoder has read; see scanout_jpeg_decode_argb8888.
static scanout_jpeg_status read_pixels(struct decoder *decoder, int width, int height,
                                       unsigned char *pixels, size_t stride) {
    decoder->info.out_color_space = NATIVE_ARGB;
    decoder->info.dct_method = JDCT_ISLOW;  // The accurate integer IDCT (libjpeg's default, said explicitly).
    lib.start_decompress(&decoder->info);
    if ((int)decoder->info.output_width != width || (int)decoder->info.output_height != height) {
        snprintf(decoder->message, decoder->message_size, "the image is %ux%u, not the %dx%d the output holds",
                 decoder->info.output_width, decoder->info.output_height, width, height);
        return SCANOUT_JPEG_MALFORMED;
    }
    while (decoder->info.output_scanline < decoder->info.output_height) {
        JSAMPROW row = pixels + (size_t)decoder->info.output_scanline * stride;
        lib.read_scanlines(&decoder->info, &row, 1);
    }
    // Reads on to the end-of-image marker, so that data cut short after the last pixel is still an error.
    lib.finish_decompress(&decoder->info);
    return SCANOUT_JPEG_OK;
}

// Both public functions: reads the header into *width and *height or, when pixels is not NULL, reads the pixels
// of an image that must be *width x *height. The one place that sets the escape, as longjmp may only return into
// a function that is still running.
static scanout_jpeg_status decode(const unsigned char *data, unsigned long size, int *width, int *height,
                                  unsigned char *pixels, size_t stride, char *message, size_t message_size) {
    pthread_once(&load_once, load);
    if (load_error[0] != 0) {
        snprintf(message, message_size, "%s", load_error);
        return SCANOUT_JPEG_UNAVAILABLE;
    }
    struct decoder decoder = {0};
    if (setjmp(decoder.escape)) {
        lib.destroy_decompress(&decoder.info);
        return SCANOUT_JPEG_MALFORMED;
    }
    read_header(&decoder, data, size, message, message_size);
    scanout_jpeg_status status = colour_status(&decoder);
    if (pixels == NULL) {
        *width = (int)decoder.info.image_width;
        *height = (int)decoder.info.image_height;
    } else if (status == SCANOUT_JPEG_OK) {
        status = read_pixels(&decoder, *width, *height, pixels, stride);
    }
    lib.destroy_decompress(&decoder.info);
    return status;
}

scanout_jpeg_status scanout_jpeg_read_header(const unsigned char *data, unsigned long size, int *width, int *height,
                                             char *message, size_t message_size) {
    return decode(data, size, width, height, NULL, 0, message, message_size);
}

scanout_jpeg_status scanout_jpeg_decode_argb8888(const unsigned char *data, unsigned long size, int width, int height,
                                                 unsigned char *pixels, size_t stride,
                                                 char *message, size_t message_size) {
    return decode(data, size, &width, &height, pixels, stride, message, message_size);
}
