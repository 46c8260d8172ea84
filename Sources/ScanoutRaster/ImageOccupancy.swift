/// Where an image is transparent: kept beside an image that is drawn many times under changing transforms (a
/// cached layer), so that drawing it jumps over the samples that can only read transparent pixels — a dial's
/// ring is mostly empty inside — with one lookup per jump instead of four loads per pixel.
public struct ImageOccupancy: Sendable {
    let width: Int, height: Int
    /// Per pixel: how far (in pixels, largest axis distance, at most 255) the nearest pixel that is not
    /// transparent is; 0 on such a pixel. Every pixel nearer than that is transparent.
    let clearance: [UInt8]

    /// Scans `image` (premultiplied: transparent is all bits zero) with a two-pass distance transform.
    public init(_ image: PixelBuffer) {
        width = image.width; height = image.height
        let w = width, h = height
        var d = [UInt8](repeating: 255, count: w * h)
        d.withUnsafeMutableBufferPointer { d in
            for y in 0..<h {
                let row = image.row(y).assumingMemoryBound(to: UInt32.self)
                for x in 0..<w where row[x] != 0 { d[y * w + x] = 0 }
            }
            // Forward pass (from the left and above), then backward (from the right and below): each pixel
            // takes one more than its nearest neighbour's distance, over all eight neighbours.
            @inline(__always) func relax(_ i: Int, _ j: Int) { if d[j] < 255 && d[j] + 1 < d[i] { d[i] = d[j] + 1 } }
            for y in 0..<h {
                for x in 0..<w {
                    let i = y * w + x
                    if x > 0 { relax(i, i - 1) }
                    if y > 0 {
                        relax(i, i - w)
                        if x > 0 { relax(i, i - w - 1) }
                        if x < w - 1 { relax(i, i - w + 1) }
                    }
                }
            }
            for y in stride(from: h - 1, through: 0, by: -1) {
                for x in stride(from: w - 1, through: 0, by: -1) {
                    let i = y * w + x
                    if x < w - 1 { relax(i, i + 1) }
                    if y < h - 1 {
                        relax(i, i + w)
                        if x < w - 1 { relax(i, i + w + 1) }
                        if x > 0 { relax(i, i + w - 1) }
                    }
                }
            }
        }
        clearance = d
    }

    /// The clearance from which drawing can jump over samples: a bilinear sample reads its pixel and the next
    /// one along each axis, and a step moves it into the next pixel (see `Canvas.draw(_:transform:filter:occupancy:)`).
    static let jumpableClearance = 3

    /// How many pixels are too near something drawn to be jumped over: about how many samples drawing the
    /// image at its own scale reads, so a measure of what drawing it costs.
    public var pixelsNearInk: Int { clearance.reduce(0) { $0 + (Int($1) < Self.jumpableClearance ? 1 : 0) } }

    /// Whether this describes an image of `image`'s size.
    func fits(_ image: PixelBuffer) -> Bool { image.width == width && image.height == height }
}
