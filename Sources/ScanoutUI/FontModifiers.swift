import ScanoutRender

/// Font changes made on a view for all the text inside it (SwiftUI's `View.bold()`, `italic()`,
/// `fontWeight(_:)`, `fontDesign(_:)`, `monospaced()`): they apply to whatever font each text resolves to —
/// the environment's or its own `Text.font(_:)` — and a text's own `Text.bold()`/`fontWeight(_:)` wins
/// over them. The innermost modifier of each kind wins.
struct FontModifiers: Hashable, Sendable {
    var weight: Font.Weight?
    var isItalic: Bool?
    var design: Font.Design?

    func apply(to d: inout FontDescriptor) {
        if let weight { d.weight = weight.descriptorWeight }
        if let isItalic { d.italic = isItalic }
        // (Scanout's faces: the default design and monospaced; serif and rounded draw in the default face.)
        if let design { d.monospaced = design == .monospaced }
    }
}

struct FontModifiersKey: EnvironmentKey { static let defaultValue = FontModifiers() }

extension EnvironmentValues {
    var fontModifiers: FontModifiers {
        get { self[FontModifiersKey.self] }
        set { self[FontModifiersKey.self] = newValue }
    }
}

extension View {
    /// Bold text inside this view (`false`: regular).
    public func bold(_ isActive: Bool = true) -> some View { transformEnvironment(\.fontModifiers) { $0.weight = isActive ? .bold : .regular } }
    /// Text inside this view in `weight` (nil: each font's own).
    public func fontWeight(_ weight: Font.Weight?) -> some View { transformEnvironment(\.fontModifiers) { $0.weight = weight } }
    /// Slanted text inside this view (the family's italic face where it has one).
    public func italic(_ isActive: Bool = true) -> some View { transformEnvironment(\.fontModifiers) { $0.isItalic = isActive } }
    /// Text inside this view in `design` (nil: each font's own).
    public func fontDesign(_ design: Font.Design?) -> some View { transformEnvironment(\.fontModifiers) { $0.design = design } }
    /// Text inside this view in the monospaced face (`false`: each font's own design).
    public func monospaced(_ isActive: Bool = true) -> some View {
        transformEnvironment(\.fontModifiers) { $0.design = isActive ? .monospaced : nil }
    }
}

extension Text {
    /// This text in `design` (nil: its font's own); of the designs, Scanout's faces have the default one and
    /// the monospaced one.
    public func fontDesign(_ design: Font.Design?) -> Text { styled { $0.isMonospaced = design.map { $0 == .monospaced } } }
    /// This text in the monospaced face (`false`: its font's own design), whatever font it is given.
    public func monospaced(_ isActive: Bool = true) -> Text { styled { $0.isMonospaced = isActive ? true : nil } }
}
