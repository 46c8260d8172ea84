/// ScanoutImage owns image files: decoding PNG (libpng) and JPEG (libjpeg-turbo) into premultiplied
/// pixel buffers and encoding PNG. Malformed input gives an `ImageError`, never a crash.
