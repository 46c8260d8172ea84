import ScanoutRender

/// A background material (SwiftUI's `Material`): `.background(.regularMaterial)` behind a panel's overlay.
/// Scanout draws a material as a translucent layer of the background colour (white, or near black in dark
/// appearance) — thinner materials let more through — without blurring what is behind it: a blur of the
/// backdrop on every frame that moves under it would cost more than a panel's frame budget on a board's CPU.
public struct Material: ShapeStyle, Equatable {
    let opacity: Double

    public static let ultraThinMaterial = Material(opacity: Opacity.ultraThin)
    public static let thinMaterial = Material(opacity: Opacity.thin)
    public static let regularMaterial = Material(opacity: Opacity.regular)
    public static let thickMaterial = Material(opacity: Opacity.thick)
    public static let ultraThickMaterial = Material(opacity: Opacity.ultraThick)
    /// The material of bars (a navigation or tab bar's background).
    public static let bar = Material(opacity: Opacity.bar)

    /// How much of the background colour each material lays over what is behind it.
    enum Opacity {
        static let ultraThin = 0.55, thin = 0.68, regular = 0.8, thick = 0.9, ultraThick = 0.96, bar = 0.85
    }
}

extension Material: PaintProviding {
    func paint(in size: CGSize, scheme: ColorScheme) -> Paint {
        .solid(Palette.background.opacity(opacity).resolved(in: scheme))
    }
}

extension ShapeStyle where Self == Material {
    public static var ultraThinMaterial: Material { Material(opacity: Material.Opacity.ultraThin) }
    public static var thinMaterial: Material { Material(opacity: Material.Opacity.thin) }
    public static var regularMaterial: Material { Material(opacity: Material.Opacity.regular) }
    public static var thickMaterial: Material { Material(opacity: Material.Opacity.thick) }
    public static var ultraThickMaterial: Material { Material(opacity: Material.Opacity.ultraThick) }
    public static var bar: Material { Material(opacity: Material.Opacity.bar) }
}
