import ScanoutPlatform

/// Light or dark appearance (SwiftUI's `ColorScheme`): semantic colours (`.primary`, `.secondary`, the
/// palette the built-in controls and containers use) resolve to one of two values by it when drawn.
public enum ColorScheme: CaseIterable, Hashable, Sendable {
    case light
    case dark
}

struct ColorSchemeKey: EnvironmentKey { static let defaultValue = ColorScheme.light }

extension EnvironmentValues {
    /// The appearance views below draw in. Set it with `.preferredColorScheme(_:)` or
    /// `.environment(\.colorScheme, …)`; a board profile's `appearance` key sets it for the whole app.
    public var colorScheme: ColorScheme {
        get { self[ColorSchemeKey.self] }
        set { self[ColorSchemeKey.self] = newValue }
    }
}

extension View {
    /// The appearance for this view and everything below it; `nil` keeps the surrounding one.
    ///
    /// SwiftUI applies the preference to the whole window it is presented in, wherever in the tree it is
    /// written; Scanout applies it to the subtree it modifies. Write it on the root view (the usual place,
    /// where both agree) to set the appearance of the whole panel.
    public func preferredColorScheme(_ colorScheme: ColorScheme?) -> some View {
        modifier(PreferredColorSchemeModifier(colorScheme: colorScheme))
    }
}

struct PreferredColorSchemeModifier: PrimitiveModifier, Equatable {
    let colorScheme: ColorScheme?
    func makeBehavior() -> ModifierBehavior {
        EnvironmentTransformBehavior<PreferredColorSchemeModifier> { m, e in
            if let scheme = m.colorScheme { e.colorScheme = scheme }
        }
    }
}

extension PanelAppearance {
    /// The board's `appearance` as the UI's colour scheme.
    var colorScheme: ColorScheme { self == .dark ? .dark : .light }
}
