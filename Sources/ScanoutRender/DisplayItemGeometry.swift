import Glibc

/// Where a display item draws, and whether two items draw the same: what damage tracking needs.
extension DisplayList.Item {
    /// Where the item paints every pixel opaque, in its own coordinates: a fill of an opaque colour over a
    /// rectangle or rounded rectangle (`Path.opaqueInterior`); nil for anything else.
    var opaqueInterior: Rect? {
        guard case .fill(let path, .solid(let color), _) = self, color.alpha == 255 else { return nil }
        return path.opaqueInterior
    }

    /// `opaqueInterior`, for a fill of a linear gradient of opaque stops too: it paints those pixels opaque as
    /// well, whatever is under them (asked of the first item drawn in a small repaint; covers found for panels
    /// and scrims stay solid colours).
    var opaqueFillInterior: Rect? {
        switch self {
        case .fill(let path, .linearGradient(let g), _):
            guard !g.gradient.stops.isEmpty, g.gradient.stops.allSatisfy({ $0.color.alpha == 255 }),
                  g.startPoint != g.endPoint else { return nil }
            return path.opaqueInterior
        default:
            return opaqueInterior
        }
    }

    /// Whether the item draws (has bounds) rather than changing the state around the items that follow.
    var isDrawing: Bool {
        switch self {
        case .fill, .stroke, .text, .image: return true
        case .pushClip, .pushClipShape, .pushOpacity, .pushTransform, .pushShadow, .pushBlur, .pushMaskedGroup, .pushMask, .pushBlend, .pop: return false
        }
    }

    /// Whether the item closes a group.
    var isPop: Bool {
        if case .pop = self { return true }
        return false
    }

    /// The item's bounds in its own coordinates, generous enough to hold every pixel it touches (strokes'
    /// half width and joins, anti-aliasing, glyph overhang).
    var localBounds: Rect? {
        switch self {
        case .fill(let path, _, _):
            return path.boundingRect.outset(1)
        case .stroke(let path, _, let style):
            var grow = style.lineWidth / 2
            if style.lineJoin == .miter { grow *= max(1, min(style.miterLimit, 4)) }
            if style.lineCap == .square { grow = max(grow, style.lineWidth * 0.7072) }
            return path.boundingRect.outset(grow + 1)
        case .text(let run):
            // Glyphs can overhang their advance box (italic, wide strokes): a third of the size each side.
            return run.frame.outset(run.font.size / 3 + 1)
        case .image(_, let rect, _):
            return rect.outset(1)
        case .pushClip, .pushClipShape, .pushOpacity, .pushTransform, .pushShadow, .pushBlur, .pushMaskedGroup, .pushMask, .pushBlend, .pop:
            return nil
        }
    }

    /// Whether item `j` of `a` and item `i` of `b` draw identical pixels (given the same state around them): the
    /// same bits — case, references and numbers — or `drawsSame`. (The bits first: a slide compares every item of
    /// its panels each frame, most of them taken again from the same recording, and `drawsSame` copies both items
    /// to look inside. Different bits say nothing: a case's unused bytes, -0 against 0.)
    static func drawSame(_ a: [Self], _ j: Int, _ b: [Self], _ i: Int) -> Bool {
        let bits = a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in memcmp(a.baseAddress! + j, b.baseAddress! + i, MemoryLayout<Self>.size) == 0 }
        }
        return bits || a[j].drawsSame(as: b[i])
    }

    /// Whether two items draw identical pixels (given the same state around them).
    func drawsSame(as other: DisplayList.Item) -> Bool {
        switch (self, other) {
        case let (.fill(p1, paint1, s1), .fill(p2, paint2, s2)):
            return p1.isSame(as: p2) && s1 == s2 && paint1.isSame(as: paint2)
        case let (.stroke(p1, paint1, s1), .stroke(p2, paint2, s2)):
            return p1.isSame(as: p2) && s1.isSame(as: s2) && paint1.isSame(as: paint2)
        case let (.text(a), .text(b)):
            return a.isSame(as: b)
        case let (.image(i1, r1, f1), .image(i2, r2, f2)):
            return i1 === i2 && same(r1, r2) && f1 == f2
        case let (.pushClip(a), .pushClip(b)):
            return same(a, b)
        case let (.pushClipShape(a, ra), .pushClipShape(b, rb)):
            return ra == rb && a.isSame(as: b)
        case let (.pushOpacity(a), .pushOpacity(b)):
            return same(a, b)
        case let (.pushTransform(a), .pushTransform(b)):
            return same(a, b)
        case let (.pushShadow(a), .pushShadow(b)):
            return a == b
        case let (.pushBlur(a), .pushBlur(b)):
            return same(a.radius, b.radius) && a.opaqueFrame.map { f in b.opaqueFrame.map { same(f, $0) } ?? false } ?? (b.opaqueFrame == nil)
        case (.pop, .pop), (.pushMaskedGroup, .pushMaskedGroup), (.pushMask, .pushMask):
            return true
        case let (.pushBlend(a), .pushBlend(b)):
            return a == b
        default:
            return false
        }
    }
}

extension Paint {
    func isSame(as other: Paint) -> Bool {
        switch (self, other) {
        case let (.solid(a), .solid(b)): return a == b
        case let (.linearGradient(a), .linearGradient(b)): return a == b
        case let (.radialGradient(a), .radialGradient(b)): return a == b
        case let (.conicGradient(a), .conicGradient(b)): return a == b
        case let (.image(a), .image(b)):
            return a.image === b.image && a.transform == b.transform && a.filter == b.filter && a.extend == b.extend
        default: return false
        }
    }
}

extension Rect {
    func outset(_ d: Double) -> Rect { Rect(x: x - d, y: y - d, width: width + 2 * d, height: height + 2 * d) }

    func intersection(_ o: Rect) -> Rect {
        let x0 = max(minX, o.minX), y0 = max(minY, o.minY)
        let x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}
