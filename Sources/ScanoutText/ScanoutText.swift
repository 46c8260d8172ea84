/// ScanoutText owns fonts (FreeType), glyph outlines rasterized by ScanoutRaster, the glyph mask cache,
/// text metrics and drawing a string at a baseline. It never draws outside a glyph mask.
