/// ScanoutRaster owns Scanout's 2D engine: 24.8 fixed-point geometry, path flattening, an exact-area
/// anti-aliased coverage rasterizer, strokes and dashes, paints (solid, gradients, image patterns) and
/// Porter-Duff compositing into pixel buffers (ARGB8888, XRGB8888, RGB565).
///
/// It makes no OS calls and does not import Foundation. Per-pixel loops run on unsafe buffers with
/// integer arithmetic (and `SIMD` types where data is parallel); scratch memory is reused, so a steady
/// stream of draws allocates nothing per span or per pixel.
public enum ScanoutRasterInfo {
    /// Flattening tolerance for fills: the largest distance, in pixels, between a curve and its polyline.
    public static let fillTolerance = 0.1
    /// Flattening tolerance for strokes: the largest distance between the stroke's outline and its true edges
    /// (the flattener counts the offset's share of it: see `PathFlattener`), as for fills and as cairo's default.
    public static let strokeTolerance = 0.1
}
