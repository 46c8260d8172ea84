/// ScanoutRender owns what becomes pixels: display lists recorded from the view tree, the text engine that
/// measures and draws runs, and the renderer that composes a display list into a pixel buffer through
/// ScanoutRaster. It knows nothing about SwiftUI types.
///
/// Display lists are retained by their recorder (the view host re-records only the views whose drawing
/// changed and says which ranges those are); damage tracking compares only those ranges, and the
/// `FrameCompositor` repaints only the damage — into its private frame, or band by band into a display buffer.
@_exported import ScanoutRaster
