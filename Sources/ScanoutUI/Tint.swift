/// The tint of controls (SwiftUI's `.tint`): buttons, toggles, pickers, steppers and gauges draw their
/// accent in it; `nil` (the default) means `Color.accentColor`.
struct TintKey: EnvironmentKey { static let defaultValue: Color? = nil }

extension EnvironmentValues {
    /// The tint set with `.tint(_:)` above this view, or `nil` for the accent colour.
    var tint: Color? {
        get { self[TintKey.self] }
        set { self[TintKey.self] = newValue }
    }

    /// The colour controls draw their accent in: the tint, else the accent colour.
    @MainActor var resolvedTint: Color { tint ?? .accentColor }
}

extension View {
    /// Tints the controls in this view (SwiftUI's `tint(_:)`); `nil` restores the accent colour.
    ///
    /// Built-in controls follow the tint. `Color.accentColor` written by the app is the app-wide accent,
    /// not the tint in scope (SwiftUI resolves it against the tint; Scanout's colours resolve without the
    /// environment): use `.tint` on the controls.
    public func tint(_ tint: Color?) -> some View { environment(\.tint, tint) }

    /// The accent colour of the controls in this view (SwiftUI's deprecated `accentColor(_:)`): `tint(_:)`.
    public func accentColor(_ accentColor: Color?) -> some View { tint(accentColor) }
}
