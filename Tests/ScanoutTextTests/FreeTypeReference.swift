import CFreeType
import XCTest

/// FreeType read directly, independent of ScanoutText's wrapper: the reference the tests compare against.
final class FreeTypeReference {
    let library: FT_Library
    let face: FT_Face

    init(path: String) throws {
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else { throw XCTSkip("FreeType init failed") }
        var face: FT_Face?
        guard FT_New_Face(lib, path, 0, &face) == 0, let face else {
            FT_Done_FreeType(lib)
            throw XCTSkip("cannot open \(path)")
        }
        library = lib
        self.face = face
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }
}

extension FreeTypeReference {
    var unitsPerEm: Double { Double(face.pointee.units_per_EM) }

    func glyph(_ c: Character) -> FT_UInt {
        FT_Get_Char_Index(face, FT_ULong(c.unicodeScalars.first!.value))
    }

    /// hhea ascender and descender in design units, read from the table itself.
    var hhea: (ascender: Int, descender: Int, lineGap: Int) {
        let raw = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA)!
        let t = raw.assumingMemoryBound(to: TT_HoriHeader.self).pointee
        return (Int(t.Ascender), Int(t.Descender), Int(t.Line_Gap))
    }

    /// The glyph's control box in design units, y up (FT_Outline_Get_CBox on the unscaled outline).
    func controlBox(_ glyph: FT_UInt) -> FT_BBox {
        XCTAssertEqual(FT_Load_Glyph(face, glyph, Int32(FT_LOAD_NO_SCALE)), 0)
        var outline = face.pointee.glyph.pointee.outline
        var box = FT_BBox()
        FT_Outline_Get_CBox(&outline, &box)
        return box
    }

    /// FreeType's own scaled, unhinted advance (`linearHoriAdvance`, 16.16) at `size` pixels.
    func linearAdvance(_ glyph: FT_UInt, size: Double) -> Double {
        XCTAssertEqual(FT_Set_Char_Size(face, 0, FT_F26Dot6(size * 64), 72, 72), 0)
        XCTAssertEqual(FT_Load_Glyph(face, glyph, Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)), 0)
        return Double(face.pointee.glyph.pointee.linearHoriAdvance) / 65536
    }
}
