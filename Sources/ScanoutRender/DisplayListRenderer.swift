/// Paints a display list into a pixel buffer, from scratch (the full-repaint renderer).
///
/// Opacity groups are composed offscreen and blended once, so overlapping content inside a group does not
/// show through itself. Clips by rectangle narrow the canvas clip; clips by shape use a coverage mask.
@MainActor
public final class DisplayListRenderer {
    public let target: PixelBuffer
    /// Device pixels per point.
    public let scale: Double
    private let text: TextEngine

    public init(target: PixelBuffer, scale: Double = 1, text: TextEngine = .shared) {
        self.target = target
        self.scale = scale
        self.text = text
    }

    private struct Surface {
        var canvas: Canvas
        var opacity: Double
    }

    private enum Push { case clip(IntRect, AlphaMask?), transform(AffineTransform), layer }

    /// Clears to `background`, then paints every item.
    public func render(_ list: DisplayList, background: RGBA) {
        target.fill(background)
        var surfaces = [Surface(canvas: Canvas(target: target), opacity: 1)]
        var transform = AffineTransform(scaleX: scale, y: scale)
        var pushes: [Push] = []
        var clipRects: [IntRect] = [target.bounds]
        surfaces[0].canvas.transform = transform
        for item in list.items {
            let canvas = surfaces[surfaces.count - 1].canvas
            switch item {
            case .fill(let path, let paint, let style):
                canvas.fill(path, with: paint, style: style)
            case .stroke(let path, let paint, let style):
                canvas.stroke(path, with: paint, style: style)
            case .text(let run):
                text.draw(run, transform: transform, scale: 1, on: canvas)
            case .image(let image, let rect, let filter):
                canvas.draw(image.pixels, in: rect, filter: filter)
            case .pushClip(let r):
                let device = DisplayList.bounds(of: r, under: transform)
                let box = IntRect(x: Int(device.minX.rounded()), y: Int(device.minY.rounded()),
                                  width: Int(device.maxX.rounded()) - Int(device.minX.rounded()),
                                  height: Int(device.maxY.rounded()) - Int(device.minY.rounded()))
                pushes.append(.clip(canvas.clipBounds, canvas.clipMask))
                canvas.clip(to: box)
                clipRects.append(canvas.clipBounds)
            case .pushClipShape(let path):
                pushes.append(.clip(canvas.clipBounds, canvas.clipMask))
                let mask = MaskRasterizer().mask(for: path, transform: transform)
                canvas.clip(to: mask.bounds)
                canvas.clipMask = mask  // nested shape clips keep the innermost shape (intersection not kept)
            case .pushTransform(let t):
                pushes.append(.transform(transform))
                transform = t.concatenating(transform)
                canvas.transform = transform
            case .pushOpacity(let o):
                pushes.append(.layer)
                let layer = PixelBuffer(width: target.width, height: target.height)
                let c = Canvas(target: layer)
                c.transform = transform
                c.clip(to: canvas.clipBounds)
                c.clipMask = canvas.clipMask
                surfaces.append(Surface(canvas: c, opacity: o))
            case .pop:
                switch pushes.popLast() {
                case .clip(let bounds, let mask)?:
                    canvas.resetClip()
                    canvas.clip(to: bounds)
                    canvas.clipMask = mask
                    clipRects.removeLast()
                case .transform(let previous)?:
                    transform = previous
                    canvas.transform = transform
                case .layer?:
                    let layer = surfaces.removeLast()
                    let parent = surfaces[surfaces.count - 1].canvas
                    let saved = (parent.transform, parent.opacity)
                    parent.transform = .identity
                    parent.opacity = max(0, min(1, layer.opacity))
                    parent.draw(layer.canvas.target, in: Rect(x: 0, y: 0, width: Double(target.width), height: Double(target.height)), filter: .nearest)
                    (parent.transform, parent.opacity) = saved
                case nil:
                    break
                }
            }
        }
    }
}
