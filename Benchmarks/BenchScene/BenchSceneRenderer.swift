import ScanoutRaster

/// Draws the bench scene with a Scanout `Canvas`, op by op in file order, as the peers do.
public final class BenchSceneRenderer {
    public let scene: BenchScene
    public let canvas: Canvas
    let image: PixelBuffer
    let labelDrawer: (Canvas, BenchScene.Label, String) -> Void
    // Paths are built once, as a retained display list would hold them (the damaged ring's arc has two states).
    private var cardPaths: [Path] = []
    private var trackPaths: [Path] = []
    /// The value arcs: state A for every ring, and state B of the damaged ring.
    private var arcPaths: [Path] = []
    private var damagedArcB = Path()
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
        for r in scene.rings { arcPaths.append(Self.arc(r, sweep: r.sweep)) }
        if scene.rings.indices.contains(scene.damage.ring) {
            damagedArcB = Self.arc(scene.rings[scene.damage.ring], sweep: scene.damage.sweepB)
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

    private static func arc(_ r: BenchScene.Ring, sweep: Double) -> Path {
        var arc = Path()
        arc.addArc(center: Point(x: r.cx, y: r.cy), radius: r.r, startAngle: .degrees(r.start), sweep: .degrees(sweep))
        return arc
    }

    private func drawRing(_ i: Int, stateB: Bool) {
        let r = scene.rings[i]
        canvas.stroke(trackPaths[i], with: .solid(RGBA(argb: r.track)), style: StrokeStyle(lineWidth: r.strokeWidth))
        canvas.stroke(stateB ? damagedArcB : arcPaths[i], with: .solid(RGBA(argb: r.color)),
                      style: StrokeStyle(lineWidth: r.strokeWidth, lineCap: .round))
    }

    /// A whole frame in state A.
    public func drawFull() {
        canvas.resetClip()
        drawBackground()
        for (i, c) in scene.cards.enumerated() {
            canvas.fill(cardPaths[i], with: .solid(RGBA(argb: c.fill)))
            canvas.stroke(cardPaths[i], with: .solid(RGBA(argb: c.stroke)), style: StrokeStyle(lineWidth: c.strokeWidth))
        }
        for i in scene.rings.indices { drawRing(i, stateB: false) }
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
        drawRing(d.ring, stateB: state == 1)
        let label = scene.labels[d.label]
        labelDrawer(canvas, label, state == 1 ? d.textB : label.text)
        canvas.resetClip()
    }
}
