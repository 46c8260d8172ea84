import ScanoutRaster

/// Draws the bench scene with a Scanout `Canvas`, op by op in file order, as the peers do.
public final class BenchSceneRenderer {
    public let scene: BenchScene
    public let canvas: Canvas
    let image: PixelBuffer
    let labelDrawer: (Canvas, BenchScene.Label, String) -> Void
    // Paths are built once: they do not change between frames (the ring arc of the damage case has two states).
    private var cardPaths: [Path] = []
    private var trackPaths: [Path] = []
    private let polylinePath: Path
    private let background: Paint

    /// `labelDrawer` draws one label's text at its baseline (supplied by the text engine).
    public init(scene: BenchScene, target: PixelBuffer, image: PixelBuffer,
                labelDrawer: @escaping (Canvas, BenchScene.Label, String) -> Void) {
        self.scene = scene
        self.canvas = Canvas(target: target)
        self.image = image
        self.labelDrawer = labelDrawer
        for c in scene.cards {
            cardPaths.append(Path(roundedRect: Rect(x: c.x, y: c.y, width: c.w, height: c.h), cornerRadius: c.r))
        }
        for r in scene.rings {
            trackPaths.append(Path(ellipseIn: Rect(x: r.cx - r.r, y: r.cy - r.r, width: 2 * r.r, height: 2 * r.r)))
        }
        var p = Path()
        p.addLines(scene.polyline)
        polylinePath = p
        let (c0, c1) = scene.backgroundColors
        background = .linearGradient(LinearGradient(
            gradient: Gradient(colors: [RGBA(argb: c0), RGBA(argb: c1)]),
            startPoint: scene.backgroundStart, endPoint: scene.backgroundEnd))
    }

    private func drawBackground() {
        canvas.fill(Rect(x: 0, y: 0, width: Double(scene.width), height: Double(scene.height)), with: background)
    }

    private func drawRing(_ i: Int, sweep: Double) {
        let r = scene.rings[i]
        canvas.stroke(trackPaths[i], with: .solid(RGBA(argb: r.track)), style: StrokeStyle(lineWidth: r.strokeWidth))
        var arc = Path()
        arc.addArc(center: Point(x: r.cx, y: r.cy), radius: r.r, startAngle: .degrees(r.start), sweep: .degrees(sweep))
        canvas.stroke(arc, with: .solid(RGBA(argb: r.color)), style: StrokeStyle(lineWidth: r.strokeWidth, lineCap: .round))
    }

    /// A whole frame in state A.
    public func drawFull() {
        canvas.resetClip()
        drawBackground()
        for (i, c) in scene.cards.enumerated() {
            canvas.fill(cardPaths[i], with: .solid(RGBA(argb: c.fill)))
            canvas.stroke(cardPaths[i], with: .solid(RGBA(argb: c.stroke)), style: StrokeStyle(lineWidth: c.strokeWidth))
        }
        for (i, r) in scene.rings.enumerated() { drawRing(i, sweep: r.sweep) }
        canvas.stroke(polylinePath, with: .solid(RGBA(argb: scene.polylineColor)),
                      style: StrokeStyle(lineWidth: scene.polylineWidth, lineCap: .round, lineJoin: .round))
        canvas.draw(image, in: scene.imageRect, filter: .bilinear)
        for label in scene.labels { labelDrawer(canvas, label, label.text) }
    }

    /// Repaints only the damage rectangle in state A (0) or B (1).
    public func drawDamage(state: Int) {
        let d = scene.damage
        canvas.resetClip()
        canvas.clip(to: d.rect)
        drawBackground()
        drawRing(d.ring, sweep: state == 1 ? d.sweepB : scene.rings[d.ring].sweep)
        let label = scene.labels[d.label]
        labelDrawer(canvas, label, state == 1 ? d.textB : label.text)
        canvas.resetClip()
    }
}
