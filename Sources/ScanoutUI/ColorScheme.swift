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
    /// written; Scanout applies it to the subtree it modifies, and to the window's background when it is
    /// written on the root view (the usual place, where both agree: see `ViewHost.rootPreferredColorScheme`).
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

extension ViewHost {
    /// The appearance a `.preferredColorScheme(_:)` on the root view asks for, which the session paints the
    /// window's background in (where no view draws). Looked for down the root's chain of single children (and
    /// the content of wrappers such as `background` and `onScreenKeyboard`) — where apps and previews write it —
    /// so finding it costs a few steps a frame, not a walk of the tree.
    package var rootPreferredColorScheme: ColorScheme? {
        var node: ViewNode? = appRoot
        while let n = node {
            if let b = n.behavior as? EnvironmentTransformBehavior<PreferredColorSchemeModifier>,
               let scheme = b.modifier?.colorScheme {
                return scheme
            }
            guard n.children.count == 1 || (n.behavior.firstChildIsContent && !n.children.isEmpty) else { return nil }
            node = n.children[0]
        }
        return nil
    }
}

extension PanelAppearance {
    /// The board's `appearance` as the UI's colour scheme.
    var colorScheme: ColorScheme { self == .dark ? .dark : .light }
}
