import CFreeType
import ScanoutRaster

/// A glyph's outline at one size, in device pixels, y down, with the pen (the glyph origin on the baseline)
/// at `offset` — what the rasterizer fills to make the glyph's mask.
public struct GlyphOutline: Sendable, Equatable {
    /// Closed contours: FreeType's conics as quadratic curves, cubics as cubic curves.
    public var path: Path
    /// Non-zero for TrueType and CFF outlines; even-odd when the outline carries `FT_OUTLINE_EVEN_ODD_FILL`.
    public var fillRule: FillRule
    public var contourCount: Int
    /// FreeType's control box (`FT_Outline_Get_CBox`) scaled and flipped like `path`: it contains the glyph.
    public var controlBox: Rect

    public static let empty = GlyphOutline(path: Path(), fillRule: .nonZero, contourCount: 0,
                                           controlBox: Rect(x: 0, y: 0, width: 0, height: 0))
}

extension Font {
    /// The outline of `glyph` at an em size of `size` pixels with the pen at `offset` (device pixels, y down).
    /// A glyph without an outline (a space, an index past the end of the font) gives `.empty`.
    public func outline(of glyph: GlyphIndex, size: Double, offset: Point = .zero) -> GlyphOutline {
        guard size.isFinite, size > 0 else { return .empty }
        let builder = OutlineBuilder(scale: scale(size), offset: offset)
        let built: GlyphOutline? = withUnscaledOutline(glyph) { outline in
            // FreeType calls move_to at the start of each contour and closes every contour with a final segment
            // back to its start, so closing the previous subpath on move_to loses nothing.
            var funcs = FT_Outline_Funcs(
                move_to: { to, user in
                    let b = OutlineBuilder.from(user)
                    b.path.closeSubpath()
                    b.path.move(to: b.map(to))
                    b.contours += 1
                    return 0
                },
                line_to: { to, user in
                    let b = OutlineBuilder.from(user)
                    b.path.addLine(to: b.map(to))
                    return 0
                },
                conic_to: { control, to, user in
                    let b = OutlineBuilder.from(user)
                    b.path.addQuadCurve(to: b.map(to), control: b.map(control))
                    return 0
                },
                cubic_to: { control1, control2, to, user in
                    let b = OutlineBuilder.from(user)
                    b.path.addCurve(to: b.map(to), control1: b.map(control1), control2: b.map(control2))
                    return 0
                },
                shift: 0, delta: 0)
            let user = Unmanaged.passUnretained(builder).toOpaque()
            guard FT_Outline_Decompose(&outline, &funcs, user) == 0 else { return nil }
            builder.path.closeSubpath()
            var box = FT_BBox()
            FT_Outline_Get_CBox(&outline, &box)
            let s = builder.scale
            let controlBox = Rect(x: Double(box.xMin) * s + offset.x, y: offset.y - Double(box.yMax) * s,
                                  width: Double(box.xMax - box.xMin) * s, height: Double(box.yMax - box.yMin) * s)
            let evenOdd = outline.flags & Int32(FT_OUTLINE_EVEN_ODD_FILL) != 0
            return GlyphOutline(path: builder.path, fillRule: evenOdd ? .evenOdd : .nonZero,
                                contourCount: builder.contours, controlBox: controlBox)
        } ?? nil
        return built ?? .empty
    }
}

/// Receives FreeType's decomposition callbacks (through the `user` pointer) and maps design units to pixels:
/// scaled, y flipped (FreeType's y is up, ours is down) and moved to the pen offset.
private final class OutlineBuilder {
    var path = Path()
    var contours = 0
    let scale: Double
    let offset: Point

    init(scale: Double, offset: Point) {
        self.scale = scale
        self.offset = offset
    }

    @inline(__always)
    func map(_ v: UnsafePointer<FT_Vector>?) -> Point {
        guard let v else { return offset }
        return Point(x: offset.x + Double(v.pointee.x) * scale, y: offset.y - Double(v.pointee.y) * scale)
    }

    static func from(_ user: UnsafeMutableRawPointer?) -> OutlineBuilder {
        Unmanaged<OutlineBuilder>.fromOpaque(user!).takeUnretainedValue()
    }
}
