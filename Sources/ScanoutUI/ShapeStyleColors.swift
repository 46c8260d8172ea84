import ScanoutRender

/// The standard colours as shape styles (SwiftUI declares them on `ShapeStyle where Self == Color`), so
/// `.fill(.red)`, `.stroke(.primary)` and `.background(.blue)` name them without `Color.`.
@MainActor
extension ShapeStyle where Self == Color {
    public static var black: Color { Color.black }
    public static var white: Color { Color.white }
    public static var clear: Color { Color.clear }
    public static var primary: Color { Color.primary }
    public static var secondary: Color { Color.secondary }
    public static var accentColor: Color { Color.accentColor }
    public static var red: Color { Color.red }
    public static var orange: Color { Color.orange }
    public static var yellow: Color { Color.yellow }
    public static var green: Color { Color.green }
    public static var mint: Color { Color.mint }
    public static var teal: Color { Color.teal }
    public static var cyan: Color { Color.cyan }
    public static var blue: Color { Color.blue }
    public static var indigo: Color { Color.indigo }
    public static var purple: Color { Color.purple }
    public static var pink: Color { Color.pink }
    public static var brown: Color { Color.brown }
    public static var gray: Color { Color.gray }
}

/// A colour's standard gradient (SwiftUI's `Color.gradient`): top to bottom from a lighter tint of the colour
/// to the colour itself, the subtle shading SwiftUI gives filled cards and buttons.
public struct AnyGradient: ShapeStyle, Hashable, PaintProviding {
    let base: Color

    func paint(in size: CGSize, scheme: ColorScheme) -> Paint {
        let bottom = base.resolved(in: scheme)
        // A fifth of the way to white at the top, alpha kept.
        func lighter(_ c: UInt8) -> UInt8 { UInt8(Int(c) + (255 - Int(c)) / 5) }
        let top = RGBA(red: lighter(bottom.red), green: lighter(bottom.green), blue: lighter(bottom.blue), alpha: bottom.alpha)
        return .linearGradient(ScanoutRaster.LinearGradient(
            gradient: ScanoutRaster.Gradient(colors: [top, bottom]),
            startPoint: Point(x: size.width / 2, y: 0), endPoint: Point(x: size.width / 2, y: size.height)))
    }
}

extension Color {
    /// This colour's standard gradient, as a shape style.
    public var gradient: AnyGradient { AnyGradient(base: self) }
}

extension View {
    /// Fills the view's frame with a shape style behind it (SwiftUI's `background(_:ignoresSafeAreaEdges:)`),
    /// reaching past the safe area on `edges` where the view's frame meets it (the board's insets; see
    /// `SafeArea.swift`). The on-screen keyboard's inset a background always extends under.
    @_disfavoredOverload
    public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        background(Rectangle().fill(style).ignoresSafeArea(.container, edges: edges))
    }

    /// Fills `shape`, in the view's frame, with a shape style behind the view.
    public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle()) -> some View {
        background(shape.fill(style, style: fillStyle))
    }

    /// Fills `shape`, in the view's frame, with the background colour (white, black in dark mode) behind the view.
    public func background<T: Shape>(in shape: T, fillStyle: FillStyle = FillStyle()) -> some View {
        background(Palette.background, in: shape, fillStyle: fillStyle)
    }
}
