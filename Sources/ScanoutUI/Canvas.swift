import ScanoutRender

/// A view that draws with immediate-mode calls (SwiftUI's `Canvas`): `renderer` gets a `GraphicsContext`
/// and the canvas's size each time the canvas draws. It takes the size proposed to it and clips what it
/// draws to its bounds. A new renderer (the enclosing body re-ran) draws again.
public struct Canvas<Symbols: View>: View, PrimitiveView {
    let opaque: Bool
    let rendersAsynchronously: Bool
    let renderer: (inout GraphicsContext, CGSize) -> Void

    func makeBehavior() -> NodeBehavior { CanvasBehavior() }
}

extension Canvas where Symbols == EmptyView {
    public init(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false,
                renderer: @escaping (inout GraphicsContext, CGSize) -> Void) {
        self.opaque = opaque
        self.rendersAsynchronously = rendersAsynchronously
        self.renderer = renderer
    }
}

/// How colours blend (SwiftUI's `ColorRenderingMode`); Scanout blends in sRGB as stored (`.nonLinear`).
public enum ColorRenderingMode: Hashable, Sendable { case nonLinear, linear, extendedLinear }

final class CanvasBehavior: NodeBehavior {
    private var renderer: ((inout GraphicsContext, CGSize) -> Void)?

    override func update(_ view: any View) -> [ChildSlot]? {
        func open<S: View>(_ canvas: Canvas<S>) { renderer = canvas.renderer }
        if let canvas = view as? Canvas<EmptyView> { open(canvas) }
        return []
    }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        CGSize(width: proposal.width ?? 10, height: proposal.height ?? 10)
    }
    override func place(in bounds: CGRect) {}

    override func draw(into list: inout DisplayList) {
        let f = node.frame
        guard let renderer, f.width > 0, f.height > 0 else { return }
        let env = node.environment.current
        let recorder = GraphicsContext.Recorder()
        var context = GraphicsContext(recorder: recorder, environment: env,
                                      transform: AffineTransform(translationX: f.minX, y: f.minY))
        renderer(&context, f.size)
        guard !recorder.items.isEmpty else { return }
        list.append(.pushClip(f.raster))
        for item in recorder.items { list.append(item) }
        for _ in 0..<recorder.openGroups { list.append(.pop) }
        list.append(.pop)
    }
}

/// What a `Canvas` draws with (SwiftUI's `GraphicsContext`): fill and stroke paths, draw text, under the
/// context's transform, opacity and clip. Copies share the canvas; changing a copy's transform, opacity or
/// clip does not change the original's (as in SwiftUI, where `drawLayer` and copies are how drawing state
/// is scoped).
@MainActor
public struct GraphicsContext {
    final class Recorder {
        var items: [DisplayList.Item] = []
        /// Clip groups opened by `clip(to:)` and still open.
        var openGroups = 0
    }

    let recorder: Recorder
    let environment: EnvironmentValues
    /// Points of the context → points of the screen.
    var deviceTransform: AffineTransform
    /// The transform applied to what is drawn, relative to the canvas's origin (SwiftUI's `transform`).
    public var transform: CGAffineTransform
    /// The opacity of what is drawn from now on (multiplied into each item).
    public var opacity: Double = 1

    init(recorder: Recorder, environment: EnvironmentValues, transform: AffineTransform) {
        self.recorder = recorder
        self.environment = environment
        self.deviceTransform = transform
        self.transform = .identity
    }

    /// How a shape is filled or stroked (SwiftUI's `GraphicsContext.Shading`).
    public struct Shading {
        enum Kind {
            case color(Color)
            case linear(Gradient, CGPoint, CGPoint)
            case foreground
        }
        let kind: Kind
        public static func color(_ color: Color) -> Shading { Shading(kind: .color(color)) }
        public static func linearGradient(_ gradient: Gradient, startPoint: CGPoint, endPoint: CGPoint) -> Shading {
            Shading(kind: .linear(gradient, startPoint, endPoint))
        }
        /// The environment's foreground colour.
        public static var foreground: Shading { Shading(kind: .foreground) }
    }

    // MARK: Transforms

    public mutating func translateBy(x: CGFloat, y: CGFloat) { transform = transform.translatedBy(x: x, y: y) }
    public mutating func scaleBy(x: CGFloat, y: CGFloat) { transform = transform.scaledBy(x: x, y: y) }
    public mutating func rotate(by angle: Angle) { transform = transform.rotated(by: angle) }
    public mutating func concatenate(_ matrix: CGAffineTransform) { transform = matrix.concatenating(transform) }

    private var total: AffineTransform { transform.concatenating(deviceTransform) }

    // MARK: Drawing

    /// Fills `path` with `shading`.
    public func fill(_ path: Path, with shading: Shading, style: FillStyle = FillStyle()) {
        guard let paint = paint(shading) else { return }
        record(.fill(transformed(path), paint, style))
    }

    /// Strokes `path` with `shading`, `lineWidth` wide (scaled with the transform).
    public func stroke(_ path: Path, with shading: Shading, lineWidth: CGFloat = 1) {
        stroke(path, with: shading, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// Strokes `path` with `shading` in `style`.
    public func stroke(_ path: Path, with shading: Shading, style: StrokeStyle) {
        guard let paint = paint(shading), style.lineWidth.isFinite, style.lineWidth > 0 else { return }
        // The stroke is drawn through the transform (a scaled context draws wider lines, as in SwiftUI).
        let t = total
        record(.pushTransform(t))
        record(.stroke(path.raster, paint, style))
        record(.pop)
    }

    /// Draws one line of `text` with `anchor` of its box at `point` (in the font and colour the text or the
    /// environment gives it).
    public func draw(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center) {
        let d = text.resolvedFont(in: environment)
        let engine = TextEngine.shared
        let m = engine.metrics(d)
        let width = engine.width(of: text.string, font: d)
        let x = point.x - anchor.x * width, top = point.y - anchor.y * m.lineHeight
        let color = text.resolvedColor(in: environment)
        let run = TextRun(string: text.string, font: d, origin: Point(x: x, y: top + m.ascender), color: color,
                          frame: Rect(x: x, y: top, width: width, height: m.lineHeight))
        record(.pushTransform(total))
        record(.text(run))
        record(.pop)
    }

    /// Clips what is drawn from now on (through this context and its copies made after) to `path`.
    public mutating func clip(to path: Path, style: FillStyle = FillStyle()) {
        recorder.items.append(.pushClipShape(transformed(path)))
        recorder.openGroups += 1
    }

    /// Runs `content` with a copy of this context; clips it adds end with it.
    public func drawLayer(content: (inout GraphicsContext) throws -> Void) rethrows {
        var copy = self
        let open = recorder.openGroups
        try content(&copy)
        while recorder.openGroups > open {
            recorder.items.append(.pop)
            recorder.openGroups -= 1
        }
    }

    private func record(_ item: DisplayList.Item) {
        if opacity < 1 { recorder.items.append(.pushOpacity(Swift.max(0, opacity))) }
        recorder.items.append(item)
        if opacity < 1 { recorder.items.append(.pop) }
    }

    private func transformed(_ path: Path) -> ScanoutRaster.Path {
        var p = ScanoutRaster.Path()
        p.addPath(path.raster, transform: total)
        return p
    }

    private func paint(_ shading: Shading) -> Paint? {
        let scheme = environment.colorScheme
        switch shading.kind {
        case .color(let c): return c.paint(in: scheme)
        case .foreground: return (environment.foregroundColor ?? .primary).paint(in: scheme)
        case .linear(let g, let s, let e):
            let t = total
            return .linearGradient(ScanoutRaster.LinearGradient(
                gradient: g.raster(in: scheme),
                startPoint: t.apply(Point(x: s.x, y: s.y)), endPoint: t.apply(Point(x: e.x, y: e.y))))
        }
    }
}

/// Colours for a gradient at their locations from 0 (the start) to 1 (the end) (SwiftUI's `Gradient`).
public struct Gradient: Hashable, Sendable {
    public struct Stop: Hashable, Sendable {
        public var color: Color
        public var location: CGFloat
        public init(color: Color, location: CGFloat) {
            self.color = color
            self.location = location
        }
    }

    public var stops: [Stop]
    public init(stops: [Stop]) { self.stops = stops }
    /// Evenly spaced colours.
    public init(colors: [Color]) {
        let n = colors.count
        stops = colors.enumerated().map { Stop(color: $0.element, location: n > 1 ? CGFloat($0.offset) / CGFloat(n - 1) : 0) }
    }

    /// The stops in `scheme`'s colours, in order of location (as SwiftUI sorts them).
    @MainActor func raster(in scheme: ColorScheme) -> ScanoutRaster.Gradient {
        let ordered = stops.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
        var out: [ScanoutRaster.Gradient.Stop] = []
        out.reserveCapacity(ordered.count)
        for (_, stop) in ordered { out.append(ScanoutRaster.Gradient.Stop(color: stop.color.resolved(in: scheme), location: Double(stop.location))) }
        return ScanoutRaster.Gradient(stops: out)
    }
}

/// An affine transform (CoreGraphics' `CGAffineTransform`, as `GraphicsContext.transform` takes it).
public typealias CGAffineTransform = ScanoutRaster.AffineTransform
