/// Underlines and strikethroughs set on a view for all the text inside it (SwiftUI's `View.underline` and
/// `View.strikethrough`): a text's own decoration wins over them.
struct TextDecorations: Equatable {
    var underline: TextDecoration?
    var strikethrough: TextDecoration?

    var isEmpty: Bool { underline == nil && strikethrough == nil }

    /// `part` with these decorations where it has none of its own.
    @MainActor func applied(to part: Text) -> Text {
        var p = part
        if p.underline == nil, let underline { p.underline = underline }
        if p.strikethrough == nil, let strikethrough { p.strikethrough = strikethrough }
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
}
