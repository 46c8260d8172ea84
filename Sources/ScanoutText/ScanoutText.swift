/// ScanoutText owns fonts (FreeType), glyph outlines rasterized by ScanoutRaster, the glyph mask cache,
/// text metrics and drawing a string at a baseline (upright through masks, or turned, mirrored or sheared
/// through its outlines). It never draws outside a glyph's coverage.
