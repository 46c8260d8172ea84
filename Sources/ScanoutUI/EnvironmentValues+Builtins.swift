struct FontKey: EnvironmentKey { static let defaultValue: Font? = nil }
struct ForegroundColorKey: EnvironmentKey { static let defaultValue: Color? = nil }
struct IsEnabledKey: EnvironmentKey { static let defaultValue = true }
struct HitTestingKey: EnvironmentKey { static let defaultValue = true }
struct DisplayScaleKey: EnvironmentKey { static let defaultValue: CGFloat = 1 }
struct DisplaySizeKey: EnvironmentKey { static let defaultValue = CGSize.zero }
struct DisplayRotationKey: EnvironmentKey { static let defaultValue = 0 }

extension EnvironmentValues {
    /// The default font of text in this view.
    public var font: Font? {
        get { self[FontKey.self] }
        set { self[FontKey.self] = newValue }
    }

    /// The default colour of text and shapes.
    public var foregroundColor: Color? {
        get { self[ForegroundColorKey.self] }
        set { self[ForegroundColorKey.self] = newValue }
    }

    /// Whether controls respond to touches (`disabled`).
    public var isEnabled: Bool {
        get { self[IsEnabledKey.self] }
        set { self[IsEnabledKey.self] = newValue }
    }

    var isHitTestingAllowed: Bool {
        get { self[HitTestingKey.self] }
        set { self[HitTestingKey.self] = newValue }
    }

    /// Device pixels per point.
    public var displayScale: CGFloat {
        get { self[DisplayScaleKey.self] }
        set { self[DisplayScaleKey.self] = newValue }
    }

    /// The display's size in points, after rotation.
    public var displaySize: CGSize {
        get { self[DisplaySizeKey.self] }
        set { self[DisplaySizeKey.self] = newValue }
    }

    /// The display's rotation in degrees (0, 90, 180, 270).
    public var displayRotation: Int {
        get { self[DisplayRotationKey.self] }
        set { self[DisplayRotationKey.self] = newValue }
    }
}

extension View {
    public func font(_ font: Font?) -> some View { environment(\.font, font) }
    public func foregroundColor(_ color: Color?) -> some View { environment(\.foregroundColor, color) }
    public func foregroundStyle(_ color: Color) -> some View { environment(\.foregroundColor, color) }
    /// Disables (or re-enables) touches on this view and its descendants.
    public func disabled(_ disabled: Bool) -> some View {
        modifier(DisabledModifier(disabled: disabled))
    }
    /// Whether this view and its descendants take part in hit testing.
    public func allowsHitTesting(_ enabled: Bool) -> some View {
        modifier(HitTestingModifier(enabled: enabled))
    }
}

/// `disabled(true)` wins over an outer `disabled(false)`, as in SwiftUI: it only ever turns controls off.
struct DisabledModifier: PrimitiveModifier {
    let disabled: Bool
    func makeBehavior() -> ModifierBehavior { EnvironmentTransformBehavior<DisabledModifier> { m, e in if m.disabled { e.isEnabled = false } } }
}

struct HitTestingModifier: PrimitiveModifier {
    let enabled: Bool
    func makeBehavior() -> ModifierBehavior { EnvironmentTransformBehavior<HitTestingModifier> { m, e in if !m.enabled { e.isHitTestingAllowed = false } } }
}
