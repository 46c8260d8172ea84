import ScanoutRender

/// `foregroundStyle(_:)` with any `ShapeStyle` (SwiftUI's): a colour, `.tint`, or a gradient. Shapes that are
/// not given a fill of their own fill with it (a gradient spans each shape's frame); text and symbols take
/// one colour from it — the style itself, the tint, or a gradient's middle colour (SwiftUI fills glyphs with
/// the gradient; Scanout's text runs have one colour).
struct ForegroundShapeStyleKey: EnvironmentKey { static let defaultValue: ForegroundPaint? = nil }

/// What a shape without a fill of its own paints with, when the foreground style is a gradient.
struct ForegroundPaint: Equatable, @unchecked Sendable {
    let style: any ShapeStyle
    /// Two foreground paints are the same only when they come from the same modifier value (styles are
    /// compared by type and, when equatable, by value).
    let isEqual: (any ShapeStyle) -> Bool

    static func == (a: ForegroundPaint, b: ForegroundPaint) -> Bool { a.isEqual(b.style) }

    @MainActor func paint(in size: CGSize, scheme: ColorScheme) -> Paint? {
        if let g = style as? LinearGradient { return g.paint(in: size, scheme: scheme) }
        if let g = style as? PaintProviding { return g.paint(in: size, scheme: scheme) }
        return nil
    }
}

/// Whether `b` is `a` (same type, and equal when the type is `Equatable`; styles that cannot be compared
/// count as changed).
func sameStyle<S: ShapeStyle>(_ a: S, _ b: any ShapeStyle) -> Bool {
    guard let b = b as? S else { return false }
    guard let e = a as? any Equatable else { return false }
    return equalValues(e, b)
}

private func equalValues<E: Equatable>(_ a: E, _ b: Any) -> Bool { (b as? E) == a }

extension EnvironmentValues {
    var foregroundPaint: ForegroundPaint? {
        get { self[ForegroundShapeStyleKey.self] }
        set { self[ForegroundShapeStyleKey.self] = newValue }
    }
}

/// The tint as a shape style (SwiftUI's `.tint`): the tint set above the view, else the accent colour.
public struct TintShapeStyle: ShapeStyle, Equatable {
    public init() {}
}

extension ShapeStyle where Self == TintShapeStyle {
    public static var tint: TintShapeStyle { TintShapeStyle() }
}

struct ForegroundStyleModifier<S: ShapeStyle>: ViewModifier {
    let style: S
    @Environment(\.tint) private var tint
    @Environment(\.colorScheme) private var scheme

    func body(content: Content) -> some View {
        let paint: ForegroundPaint? = style is LinearGradient || style is PaintProviding
            ? ForegroundPaint(style: style, isEqual: { [style] in sameStyle(style, $0) }) : nil
        return content
            .environment(\.foregroundColor, representativeColor)
            .environment(\.foregroundPaint, paint)
    }

    /// The one colour text and symbols show.
    private var representativeColor: Color? {
        if let c = style as? Color { return c }
        if style is TintShapeStyle { return tint ?? .accentColor }
        if style is ForegroundStyle { return nil }
        let paint: Paint?
        if let g = style as? LinearGradient { paint = g.paint(in: CGSize(width: 1, height: 1), scheme: scheme) }
        else if let g = style as? PaintProviding { paint = g.paint(in: CGSize(width: 1, height: 1), scheme: scheme) }
        else { paint = nil }
        switch paint {
        case .solid(let c)?: return Color(rgba: c)
        case .linearGradient(let g)? where !g.gradient.stops.isEmpty: return Color(rgba: g.gradient.stops[g.gradient.stops.count / 2].color)
        case .radialGradient(let g)? where !g.gradient.stops.isEmpty: return Color(rgba: g.gradient.stops[g.gradient.stops.count / 2].color)
        case .conicGradient(let g)? where !g.gradient.stops.isEmpty: return Color(rgba: g.gradient.stops[g.gradient.stops.count / 2].color)
        default: return nil
        }
    }
}

extension View {
    /// Draws this view's foreground (text, symbols, shapes without a fill of their own) in `style`.
    @_disfavoredOverload
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View {
        modifier(ForegroundStyleModifier(style: style))
    }

    /// The primary and secondary levels of the foreground (SwiftUI's hierarchical styles): Scanout's views draw
    /// one level, the primary.
    public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle>(_ primary: S1, _ secondary: S2) -> some View {
        modifier(ForegroundStyleModifier(style: primary))
    }

    /// The primary, secondary and tertiary levels of the foreground: Scanout's views draw the primary.
    public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle, S3: ShapeStyle>(_ primary: S1, _ secondary: S2, _ tertiary: S3) -> some View {
        modifier(ForegroundStyleModifier(style: primary))
    }
}
