import CPNG
import ScanoutRaster

/// PNG through libpng's simplified API (`png_image_*`), which reports errors in return values and
/// `png_image.message` instead of longjmp, which Swift cannot survive.
enum PNGCodec {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    // png.h composes PNG_FORMAT_RGBA and friends from other macros, which Swift does not import; same flags here.
    private static let formatRGB = UInt32(PNG_FORMAT_FLAG_COLOR)
    private static let formatRGBA = formatRGB | UInt32(PNG_FORMAT_FLAG_ALPHA)

    /// libpng's name for the byte order of a `UInt32` 0xAARRGGBB (straight alpha at this point).
    #if _endian(little)
    private static let nativeFormat = formatRGBA | UInt32(PNG_FORMAT_FLAG_BGR)
    #else
    private static let nativeFormat = formatRGBA | UInt32(PNG_FORMAT_FLAG_AFIRST)
    #endif

    /// Decodes any PNG (palette, grey, grey+alpha, 16-bit, interlaced) into premultiplied ARGB8888.
    static func decode(_ data: UnsafeRawBufferPointer) -> Result<PixelBuffer, ImageError> {
        // Checked before libpng reads the header: libpng's own limit (a million per side) rejects the most
        // absurd sizes as "invalid IHDR data", which would hide that the image is simply too large.
        if let (width, height) = declaredSize(data), let error = ImageDecoder.sizeError(width: width, height: height) {
            return .failure(error)
        }

        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }  // Safe after libpng has freed it itself on an error.

        guard png_image_begin_read_from_memory(&image, data.baseAddress, data.count) != 0 else {
            return .failure(.malformed(format: "PNG", reason: message(of: image)))
        }
        let width = Int(image.width), height = Int(image.height)
        if let error = ImageDecoder.sizeError(width: width, height: height) { return .failure(error) }

        // 16-bit files without a gAMA or sRGB chunk are sRGB-encoded in practice (browsers read them that way);
        // libpng would otherwise take them as linear and brighten them on the way to 8 bits.
        image.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
        image.format = nativeFormat
        let buffer = PixelBuffer(width: width, height: height, format: .argb8888)
        // For 8-bit formats the row stride is counted in bytes.
        guard png_image_finish_read(&image, nil, buffer.baseAddress, Int32(buffer.stride), nil) != 0 else {
            return .failure(.malformed(format: "PNG", reason: message(of: image)))
        }
        premultiply(buffer)
        return .success(buffer)
    }

    /// PNG bytes for `image`: 8-bit RGB for opaque formats, 8-bit RGBA (straight alpha) for ARGB8888.
    static func encode(_ image: PixelBuffer) -> Result<[UInt8], ImageError> {
        guard image.width > 0, image.height > 0 else {
            return .failure(.encodingFailed(
                format: "PNG", reason: "a PNG needs at least 1x1 pixels and the buffer is \(image.width)x\(image.height)"))
        }
        let hasAlpha = !image.format.isOpaque
        let pixels = straightPixels(of: image, alpha: hasAlpha)

        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        png.width = UInt32(image.width)
        png.height = UInt32(image.height)
        png.format = hasAlpha ? formatRGBA : formatRGB
        defer { png_image_free(&png) }

        // Room for incompressible pixels plus PNG's framing, so one pass almost always suffices; when libpng
        // needs more it reports the exact size instead of failing, and the second pass uses that.
        var capacity = pixels.count + pixels.count / 8 + image.height + 1024
        for _ in 0..<2 {
            var output = [UInt8](repeating: 0, count: capacity)
            var size = capacity
            let ok = output.withUnsafeMutableBytes { out in
                pixels.withUnsafeBytes { source in
                    png_image_write_to_memory(&png, out.baseAddress, &size, 0, source.baseAddress, 0, nil)
                }
            }
            if ok != 0 {
                output.removeSubrange(size...)
                return .success(output)
            }
            guard size > capacity else { break }  // A real error, not a short buffer.
            capacity = size
        }
        return .failure(.encodingFailed(format: "PNG", reason: message(of: png)))
    }

    /// The width and height in the IHDR chunk, if the data is long enough to hold one.
    private static func declaredSize(_ data: UnsafeRawBufferPointer) -> (Int, Int)? {
        // Signature (8), chunk length (4), "IHDR" (4), then width and height, big-endian.
        guard data.count >= 24, data[12] == 0x49, data[13] == 0x48, data[14] == 0x44, data[15] == 0x52 else {
            return nil
        }
        func bigEndian(at offset: Int) -> Int {
            (0..<4).reduce(0) { $0 << 8 | Int(data[offset + $1]) }
        }
        return (bigEndian(at: 16), bigEndian(at: 20))
    }

    /// libpng's error text from `png_image.message` (a NUL-terminated char[64]).
    private static func message(of image: png_image) -> String {
        var copy = image.message
        let text = withUnsafeBytes(of: &copy) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "libpng gave no reason" : text
    }

    /// Converts straight-alpha pixels to premultiplied in place, rounding exactly as `RGBA.premultiplied`.
    private static func premultiply(_ buffer: PixelBuffer) {
        for y in 0..<buffer.height {
            let row = buffer.row(y).assumingMemoryBound(to: UInt32.self)
            for x in 0..<buffer.width {
                let straight = row[x]
                switch straight >> 24 {
                case 255: continue  // Opaque pixels are the same either way: the common case stays cheap.
                case 0: row[x] = 0
                default: row[x] = RGBA(argb: straight).premultiplied
                }
            }
        }
    }

    /// Tightly packed straight-alpha RGBA, or RGB when `alpha` is false, in PNG's byte order.
    private static func straightPixels(of image: PixelBuffer, alpha: Bool) -> [UInt8] {
        let channels = alpha ? 4 : 3
        var bytes = [UInt8](repeating: 0, count: image.width * image.height * channels)
        bytes.withUnsafeMutableBufferPointer { out in
            var i = 0
            for y in 0..<image.height {
                let row = image.row(y)
                for x in 0..<image.width {
                    // Opaque and fully transparent pixels need no division (most pixels of a UI frame).
                    let p: UInt32
                    switch image.format {
                    case .argb8888: p = row.load(fromByteOffset: x * 4, as: UInt32.self)
                    case .xrgb8888: p = row.load(fromByteOffset: x * 4, as: UInt32.self) | 0xFF00_0000
                    case .rgb565: p = image.premultipliedPixel(x: x, y: y)
                    }
                    let a = p >> 24
                    var r = p >> 16 & 255, g = p >> 8 & 255, b = p & 255
                    if a != 255 && a != 0 {
                        let c = RGBA(premultiplied: p)
                        r = UInt32(c.red); g = UInt32(c.green); b = UInt32(c.blue)
                    } else if a == 0 {
                        r = 0; g = 0; b = 0
                    }
                    out[i] = UInt8(r); out[i + 1] = UInt8(g); out[i + 2] = UInt8(b)
                    if alpha { out[i + 3] = UInt8(a) }
                    i += channels
                }
            }
        }
        return bytes
    }
}
