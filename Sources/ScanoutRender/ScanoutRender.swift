/// ScanoutRender owns what becomes pixels: display lists recorded from the view tree, the text engine that
/// measures and draws runs, and the renderer that composes a display list into a pixel buffer through
/// ScanoutRaster. It knows nothing about SwiftUI types.
///
/// This first renderer repaints the whole frame from the display list; the layer tree, damage tracking and
/// band compositing plug in behind the same `DisplayList` seam.
@_exported import ScanoutRaster
