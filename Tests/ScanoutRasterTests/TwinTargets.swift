import Glibc
import ScanoutRaster

/// Two byte-for-byte identical targets of `width` x `height` pixels, rows `stride` bytes apart, starting `skew`
/// bytes past a 64-byte line (every head and tail a row's partial lines can have), wrapped as pixel buffers: one
/// for the kernel under test, one for the reference it must equal. `same`: whether all their bytes still agree,
/// those outside the rows included.
final class TwinTargets {
    let tested: PixelBuffer
    let reference: PixelBuffer
    private let bytes: Int
    private let first: UnsafeMutableRawPointer
    private let second: UnsafeMutableRawPointer

    init(width: Int, height: Int, stride: Int, skew: Int, format: PixelFormat) {
        bytes = stride * height + skew
        first = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        second = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        for k in 0..<bytes {
            let v = UInt8(truncatingIfNeeded: k &* 31 &+ 7)
            first.storeBytes(of: v, toByteOffset: k, as: UInt8.self)
            second.storeBytes(of: v, toByteOffset: k, as: UInt8.self)
        }
        tested = PixelBuffer(wrapping: first + skew, width: width, height: height, stride: stride, format: format)
        reference = PixelBuffer(wrapping: second + skew, width: width, height: height, stride: stride, format: format)
    }

    deinit {
        first.deallocate()
        second.deallocate()
    }

    var same: Bool { memcmp(first, second, bytes) == 0 }
}
