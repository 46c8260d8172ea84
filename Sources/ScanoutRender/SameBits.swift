/// Equality that holds for a value with NaNs in it: `==` or bit-for-bit equal. Display items compared across
/// frames (damage) and against fresh recordings (TestHost) would otherwise never equal themselves once an
/// app's computed NaN reaches them, and the screen would be redrawn every frame. For plain structs of numbers
/// only (no references, no padding that could differ).
@inline(__always)
func same<T: Equatable>(_ a: T, _ b: T) -> Bool {
    a == b || withUnsafeBytes(of: a) { x in withUnsafeBytes(of: b) { y in x.elementsEqual(y) } }
}

extension Path {
    func isSame(as other: Path) -> Bool { self == other || isIdentical(to: other) }
}

extension StrokeStyle {
    func isSame(as other: StrokeStyle) -> Bool {
        if self == other { return true }
        return same(lineWidth, other.lineWidth) && lineCap == other.lineCap && lineJoin == other.lineJoin
            && same(miterLimit, other.miterLimit) && same(dashPhase, other.dashPhase)
            && dash.count == other.dash.count && zip(dash, other.dash).allSatisfy { same($0, $1) }
    }
}

extension TextRun {
    func isSame(as other: TextRun) -> Bool {
        if self == other { return true }
        var font = self.font, otherFont = other.font
        let sizes = same(font.size, otherFont.size)
        font.size = 0; otherFont.size = 0
        return sizes && font == otherFont && string == other.string && color == other.color
            && same(origin, other.origin) && same(frame, other.frame)
    }
}
