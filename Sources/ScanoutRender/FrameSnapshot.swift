import ScanoutImage
import ScanoutRaster

/// Writes a rendered frame to a file: PNG, or binary PPM when the name ends in `.ppm` (to compare with a
/// QEMU screendump). The app runner's `--snapshot` uses it, so the UI layer saves frames without importing
/// the image codecs itself.
public enum FrameSnapshot {
    public static func write(_ frame: PixelBuffer, toFile path: String) throws(ImageError) {
        if path.lowercased().hasSuffix(".ppm") {
            try PPMEncoder.write(frame, toFile: path)
        } else {
            try PNGEncoder.write(frame, toFile: path)
        }
    }
}
