/// Underlines, strikethroughs and baseline offsets set on a view for all the text inside it (SwiftUI's
/// `View.underline`, `View.strikethrough`, `View.baselineOffset`): a text's own wins over them.
struct TextDecorations: Equatable {
    var underline: TextDecoration?
    var strikethrough: TextDecoration?
    var baselineOffset: CGFloat?

    var isEmpty: Bool { underline == nil && strikethrough == nil && baselineOffset == nil }

    /// `part` with these decorations where it has none of its own.
    @MainActor func applied(to part: Text) -> Text {
        var p = part
        if p.underline == nil, let underline { p.underline = underline }
        if p.strikethrough == nil, let strikethrough { p.strikethrough = strikethrough }
        if p.baselineOffset == 0, let baselineOffset { p.baselineOffset = baselineOffset }
        return p
    }
}

struct TextDecorationsKey: EnvironmentKey { static let defaultValue = TextDecorations() }

extension EnvironmentValues {
    var textDecorations: TextDecorations {
        get { self[TextDecorationsKey.self] }
        set { self[TextDecorationsKey.self] = newValue }
    }
}

extension View {
    /// A line under the text inside this view, in `pattern` and `color` (each text's colour when nil);
    /// `false` removes it.
    public func underline(_ isActive: Bool = true, pattern: Text.LineStyle.Pattern = .solid, color: Color? = nil) -> some View {
        transformEnvironment(\.textDecorations) { $0.underline = isActive ? TextDecoration(color: color, pattern: pattern) : nil }
    }

    /// A line through the text inside this view, in `pattern` and `color` (each text's colour when nil);
    /// `false` removes it.
    public func strikethrough(_ isActive: Bool = true, pattern: Text.LineStyle.Pattern = .solid, color: Color? = nil) -> some View {
        transformEnvironment(\.textDecorations) { $0.strikethrough = isActive ? TextDecoration(color: color, pattern: pattern) : nil }
    }

    /// Raises the baseline of the text inside this view by `baselineOffset` points (a text's own offset wins).
    public func baselineOffset(_ baselineOffset: CGFloat) -> some View {
        transformEnvironment(\.textDecorations) { $0.baselineOffset = baselineOffset == 0 ? nil : baselineOffset }
    }
}
