import CFreeType
import Testing
@testable import ScanoutText

/// Kerning pairs are cached per face (`KerningCache`): every pair reads as FreeType gives it, asked once or
/// again, with pairs colliding in the cache's slots.
struct KerningCacheTests {
    @Test func everyPrintableASCIIPairReadsAsFreeTypeGivesIt() throws {
        let font = try Font.default()
        let ft = try FreeTypeReference(path: Font.defaultPath)
        let scalars = (0x20..<0x7F).compactMap(Unicode.Scalar.init)
        var mismatches = 0, kerned = 0
        // Twice over all 9,025 pairs (far more than the cache's slots): the second pass reads pairs that are
        // cached or were replaced by a colliding one.
        for _ in 0..<2 {
            for a in scalars {
                for b in scalars {
                    let left = font.glyphIndex(for: a), right = font.glyphIndex(for: b)
                    var v = FT_Vector()
                    #expect(FT_Get_Kerning(ft.face, left, right, FT_UInt(FT_KERNING_UNSCALED.rawValue), &v) == 0)
                    if font.kerningUnits(left, right) != Int(v.x) { mismatches += 1 }
                    if v.x != 0 { kerned += 1 }
                }
            }
        }
        #expect(mismatches == 0)
        #expect(kerned > 100)  // DejaVu Sans kerns many ASCII pairs: the comparison is not of zeros
    }

    @Test func aSlotHoldsThePairLastStoredInIt() {
        let cache = KerningCache()
        defer { cache.deallocate() }
        #expect(cache.units(36, 57) == nil)
        cache.store(-131, 36, 57)
        #expect(cache.units(36, 57) == -131)
        #expect(cache.units(57, 36) == nil)
        // Fill every slot: some pair stored later shares (36, 57)'s slot and replaces it; each pair reads as
        // stored or not at all, never another pair's value.
        for left in GlyphIndex(0)..<64 {
            for right in GlyphIndex(0)..<64 { cache.store(Int(left) * 100 + Int(right), left, right) }
        }
        var found = 0
        for left in GlyphIndex(0)..<64 {
            for right in GlyphIndex(0)..<64 {
                guard let units = cache.units(left, right) else { continue }
                #expect(units == Int(left) * 100 + Int(right))
                found += 1
            }
        }
        #expect(found > 512 && found <= 1024)
    }

    @Test func indicesPastSixteenBitsAndValuesPastInt32AreNotCached() {
        let cache = KerningCache()
        defer { cache.deallocate() }
        cache.store(5, 0x1_0000, 1)
        #expect(cache.units(0x1_0000, 1) == nil)
        cache.store(Int(Int32.max) + 1, 1, 2)
        #expect(cache.units(1, 2) == nil)
        cache.store(Int(Int32.min), 1, 2)
        #expect(cache.units(1, 2) == Int(Int32.min))
    }
}
