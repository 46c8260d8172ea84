import CHarfBuzz

/// HarfBuzz's view of one font file: its own face and font over the file's bytes (HarfBuzz's OpenType
/// functions, as `hb-shape` uses by default), at a scale of one unit per design unit, so shaped advances and
/// offsets come in the same exact design units as FreeType's unscaled glyphs. One buffer is reused for every
/// run. Not thread-safe, like the `Font` that owns it.
final class HarfBuzzFont {
    private let font: OpaquePointer
    private let buffer: OpaquePointer

    /// nil when HarfBuzz cannot read the file (FreeType could, or the `Font` would not exist: such a font is
    /// drawn unshaped).
    init?(path: String, faceIndex: Int, staticBytes: UnsafeRawBufferPointer? = nil) {
        let made: OpaquePointer?
        if let bytes = staticBytes, let base = bytes.baseAddress {
            made = hb_blob_create_or_fail(base.assumingMemoryBound(to: CChar.self), UInt32(clamping: bytes.count),
                                          HB_MEMORY_MODE_READONLY, nil, nil)
        } else {
            made = hb_blob_create_from_file_or_fail(path)
        }
        guard let blob = made else { return nil }
        defer { hb_blob_destroy(blob) }
        guard let face = hb_face_create(blob, UInt32(clamping: faceIndex)) else { return nil }
        defer { hb_face_destroy(face) }
        guard hb_face_get_glyph_count(face) > 0, let font = hb_font_create(face) else { return nil }
        let upem = Int32(clamping: hb_face_get_upem(face))
        hb_font_set_scale(font, upem, upem)
        guard let buffer = hb_buffer_create(), hb_buffer_allocation_successful(buffer) != 0 else {
            hb_font_destroy(font)
            return nil
        }
        self.font = font
        self.buffer = buffer
    }

    deinit {
        hb_buffer_destroy(buffer)
        hb_font_destroy(font)
    }

    /// 'kern' off: the feature `kerning: false` turns off, in GPOS and in the legacy table alike.
    private static let noKerning = hb_feature_t(tag: 0x6B65_726E, value: 0, start: 0, end: UInt32.max)

    /// Shapes `scalars[run]` (the rest of `scalars` is context, for joining across run boundaries) in
    /// `direction` and `script`, and calls `body` with each glyph in visual order: its index, its cluster
    /// (the scalar offset in `scalars` it came from), its x and y offsets from the pen, and its advance, in
    /// design units.
    func shape(_ scalars: UnsafeBufferPointer<UInt32>, run: Range<Int>, rightToLeft: Bool, script: hb_script_t,
               kerning: Bool, _ body: (_ glyph: UInt32, _ cluster: UInt32, _ dx: Int32, _ dy: Int32, _ advance: Int32) -> Void) {
        guard let base = scalars.baseAddress, !run.isEmpty else { return }
        hb_buffer_clear_contents(buffer)
        hb_buffer_add_utf32(buffer, base, Int32(clamping: scalars.count), UInt32(run.lowerBound), Int32(clamping: run.count))
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        if !HarfBuzzFont.isNeutral(script) { hb_buffer_set_script(buffer, script) }
        hb_buffer_guess_segment_properties(buffer)
        if kerning {
            hb_shape(font, buffer, nil, 0)
        } else {
            var feature = HarfBuzzFont.noKerning
            hb_shape(font, buffer, &feature, 1)
        }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, nil) else { return }
        for i in 0..<Int(count) {
            let p = positions[i]
            body(infos[i].codepoint, infos[i].cluster, p.x_offset, p.y_offset, p.x_advance)
        }
    }

    static let gsub = LatinShortcut.tag("GSUB")
    static let gpos = LatinShortcut.tag("GPOS")

    /// What Latin text of this face needs from shaping (see `LatinShortcut`).
    func latinShortcut(hasKernTable: Bool) -> LatinShortcut {
        guard let face = hb_font_get_face(font) else { return .none }
        return LatinShortcut(face, hasKernTable: hasKernTable)
    }

    /// The script of `scalar` (Common for digits, spaces and most punctuation; Inherited for combining marks).
    static func script(of scalar: UInt32) -> hb_script_t {
        hb_unicode_script(hb_unicode_funcs_get_default(), scalar)
    }

    /// Whether `script` belongs to no script of its own (Common, Inherited, Unknown): such characters take the
    /// script of the text around them.
    static func isNeutral(_ script: hb_script_t) -> Bool {
        script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN
    }
}
