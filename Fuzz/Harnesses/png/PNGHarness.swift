import FuzzInput
import ScanoutImage
import ScanoutRaster

/// PNG decoding from arbitrary bytes: an `ImageError` or an image, never a crash or a memory error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    if let image = try? ImageDecoder.decode(input.rest()) {
        precondition(image.width > 0 && image.height > 0 && image.format == .argb8888)
        _ = image.pixel(x: image.width - 1, y: image.height - 1)
    }
    return 0
}
