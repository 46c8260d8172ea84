import ScanoutRaster
import ScanoutRender

/// The text runs of a display list that a finger could find: inside the screen and its clips, and not hidden
/// under an opaque fill drawn after them (a screen pushed over another, a sheet's card, a full-screen cover).
/// An approximation by bounds: a later opaque solid fill whose bounds hold the whole run covers it.
enum UncoveredText {
    static func runs(in list: DisplayList, screen: Rect) -> [(run: TextRun, frame: Rect)] {
        var transforms: [AffineTransform] = [.identity]
        var clips: [Rect] = [screen]
        var opacities: [Double] = [1]
        enum Push { case transform, clip, opacity, shadow }
        var pushes: [Push] = []
        var candidates: [(run: TextRun, frame: Rect)] = []
        var covers: [(index: Int, bounds: Rect)] = []  // opaque fills, after `index` candidates were seen
        for item in list.items {
            let t = transforms[transforms.count - 1]
            let clip = clips[clips.count - 1]
            switch item {
            case .pushTransform(let m):
                transforms.append(m.concatenating(t)); pushes.append(.transform)
            case .pushClip(let r):
                clips.append(intersection(clip, DisplayList.bounds(of: r, under: t))); pushes.append(.clip)
            case .pushClipShape(let path, _):
                clips.append(intersection(clip, DisplayList.bounds(of: path.boundingRect, under: t))); pushes.append(.clip)
            case .pushOpacity(let o):
                opacities.append(opacities[opacities.count - 1] * o); pushes.append(.opacity)
            case .pushShadow, .pushBlur:
                pushes.append(.shadow)
            case .pushMaskedGroup, .pushBlend:
                // Shown where its mask is, or mixed with what is under it: text there may show, nothing covers.
                opacities.append(min(opacities[opacities.count - 1], 0.5)); pushes.append(.opacity)
            case .pushMask:
                opacities.append(0); pushes.append(.opacity)  // drawn for its alpha only
            case .pop:
                switch pushes.popLast() {
                case .transform?: transforms.removeLast()
                case .clip?: clips.removeLast()
                case .opacity?: opacities.removeLast()
                case .shadow?: break
                case nil: break
                }
            case .text(let run):
                let frame = DisplayList.bounds(of: run.frame, under: t)
                if opacities[opacities.count - 1] > 0, intersects(frame, clip) { candidates.append((run, frame)) }
            case .fill(let path, .solid(let color), _):
                guard color.alpha == 255, opacities[opacities.count - 1] >= 1 else { break }
                covers.append((candidates.count, intersection(clip, DisplayList.bounds(of: path.boundingRect, under: t))))
            default:
                break
            }
        }
        return candidates.enumerated().filter { i, c in
            !covers.contains { $0.index > i && contains($0.bounds, c.frame) }
        }.map(\.element)
    }

    private static func intersects(_ a: Rect, _ b: Rect) -> Bool {
        a.maxX > b.minX && a.minX < b.maxX && a.maxY > b.minY && a.minY < b.maxY
    }

    private static func intersection(_ a: Rect, _ b: Rect) -> Rect {
        let x0 = max(a.minX, b.minX), y0 = max(a.minY, b.minY)
        let x1 = min(a.maxX, b.maxX), y1 = min(a.maxY, b.maxY)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    private static func contains(_ outer: Rect, _ inner: Rect) -> Bool {
        outer.width > 0 && outer.height > 0 && outer.minX <= inner.minX && outer.minY <= inner.minY
            && outer.maxX >= inner.maxX && outer.maxY >= inner.maxY
    }
}
