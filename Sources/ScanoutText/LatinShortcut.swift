import CHarfBuzz

/// Whether Latin text of a font may skip HarfBuzz and still come out as HarfBuzz shapes it.
///
/// Latin, Greek and Cyrillic are drawn one glyph per scalar with the legacy 'kern' table (no shaping: the
/// fastest path, and the one a counter redrawn every frame takes). That equals HarfBuzz's result unless the
/// face has default ligatures (DejaVu Sans: ff, fi, fl, ffi, ffl) or kerns only through GPOS (Noto Sans: no
/// 'kern' table). So, per face, once: a face whose GPOS kerns without a 'kern' table shapes all its text; a
/// face with ligatures shapes the strings holding an ASCII pair that one of its ligatures starts with ("fi"
/// in "office"); everything else keeps the shortcut. Shaped lines are cached, so a label is shaped once.
struct LatinShortcut {
    /// The face kerns or substitutes in ways the shortcut cannot follow: shape everything.
    var shapesAll = false
    /// ASCII pairs that start a default ligature, as bits `first * 128 + second`.
    private var pairs: [UInt64] = []

    static let none = LatinShortcut()

    init() {}

    init(_ face: OpaquePointer, hasKernTable: Bool) {
        if !hasKernTable && LatinShortcut.has(feature: "kern", in: HarfBuzzFont.gpos, of: face) {
            shapesAll = true
            return
        }
        // Lookups of the ligature features HarfBuzz applies by default.
        guard let lookups = hb_set_create() else { return }
        defer { hb_set_destroy(lookups) }
        var features: [hb_tag_t] = [LatinShortcut.tag("liga"), LatinShortcut.tag("clig"), LatinShortcut.tag("rlig"), 0]
        features.withUnsafeMutableBufferPointer { hb_ot_layout_collect_lookups(face, HarfBuzzFont.gsub, nil, nil, $0.baseAddress, lookups) }
        guard hb_set_get_population(lookups) > 0 else { return }
        guard let font = hb_font_create(face), let input = hb_set_create() else { return }
        defer { hb_font_destroy(font); hb_set_destroy(input) }
        var glyphs: [hb_codepoint_t] = Array(repeating: 0, count: 128)
        for c in 0x21..<0x7F {
            var g: hb_codepoint_t = 0
            if hb_font_get_nominal_glyph(font, hb_codepoint_t(c), &g) != 0 { glyphs[c] = g }
        }
        var bits = [UInt64](repeating: 0, count: 128 * 128 / 64)
        var found = false
        var lookup = hb_codepoint_t.max  // HB_SET_VALUE_INVALID: start before the first
        while hb_set_next(lookups, &lookup) != 0 {
            // Only characters whose glyphs the lookup reads can start one of its ligatures (a handful).
            hb_set_clear(input)
            hb_ot_layout_lookup_collect_glyphs(face, HarfBuzzFont.gsub, lookup, nil, input, nil, nil)
            let candidates = (0x21..<0x7F).filter { glyphs[$0] != 0 && hb_set_has(input, glyphs[$0]) != 0 }
            for a in candidates {
                for b in candidates {
                    let pair = [glyphs[a], glyphs[b]]
                    // A two-glyph ligature, or the start of a longer one (which needs its first pair: "ff" of "ffi").
                    let starts = pair.withUnsafeBufferPointer {
                        hb_ot_layout_lookup_would_substitute(face, lookup, $0.baseAddress, 2, 0) != 0
                    }
                    if starts {
                        bits[(a * 128 + b) >> 6] |= 1 << UInt64((a * 128 + b) & 63)
                        found = true
                    }
                }
            }
        }
        if found { pairs = bits }
    }

    /// Whether `text` must be shaped for its ligatures.
    @inline(__always)
    func hasLigature(in text: String) -> Bool {
        guard !pairs.isEmpty else { return false }
        var previous = -1
        for b in text.utf8 {
            let c = Int(b)
            if c < 128, previous >= 0, pairs[(previous * 128 + c) >> 6] & (1 << UInt64((previous * 128 + c) & 63)) != 0 { return true }
            previous = c < 128 ? c : -1
        }
        return false
    }

    static func tag(_ s: StaticString) -> hb_tag_t {
        s.withUTF8Buffer { b in b.reduce(0) { $0 << 8 | hb_tag_t($1) } }
    }

    private static func has(feature: StaticString, in table: hb_tag_t, of face: OpaquePointer) -> Bool {
        var tags = [hb_tag_t](repeating: 0, count: 256)
        var count = UInt32(tags.count)
        let total = tags.withUnsafeMutableBufferPointer { hb_ot_layout_table_get_feature_tags(face, table, 0, &count, $0.baseAddress) }
        let wanted = tag(feature)
        return tags.prefix(Int(min(count, total))).contains(wanted)
    }
}
