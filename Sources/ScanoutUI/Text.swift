import ScanoutRender

/// A line or paragraph of read-only text (SwiftUI's `Text`). It measures itself through the text engine:
/// ideal size is one line per paragraph; a proposed width wraps it at spaces.
public struct Text: View, PrimitiveView, Equatable {
    let content: String
    var weight: FontDescriptor.Weight?
    var color: Color?
    /// This text's own font (over the environment's), as `Text.font(_:)` sets it.
    var font: Font?
    var monospacedDigits = false

    public init(_ content: String) { self.content = content }
    public init<S: StringProtocol>(_ content: S) { self.content = String(content) }
    public init(verbatim content: String) { self.content = content }

    func makeBehavior() -> NodeBehavior { TextBehavior() }

    public func bold() -> Text { var t = self; t.weight = .bold; return t }
    public func fontWeight(_ weight: Font.Weight?) -> Text { var t = self; t.weight = weight == .bold ? .bold : .regular; return t }
    public func foregroundColor(_ color: Color?) -> Text { var t = self; t.color = color; return t }
    /// The font of this text (SwiftUI's `Text.font(_:)`: still a `Text`, no environment writer around it).
    public func font(_ font: Font?) -> Text { var t = self; t.font = font; return t }
    /// Digits of equal width, so a changing number does not jitter (SwiftUI's `Text.monospacedDigit()`).
    public func monospacedDigit() -> Text { var t = self; t.monospacedDigits = true; return t }
}

final class TextBehavior: NodeBehavior {
    override var drawingReadsPlacement: Bool { false }  // draws from its frame, or only its children
    var text: Text!
    /// Line breaks by proposed width, for one font (stacks probe a text at several widths per layout).
    private var laidOut: [CGFloat?: [(text: Substring, width: Double)]] = [:]
    private var laidOutFont: FontDescriptor?

    override func update(_ view: any View) -> [ChildSlot]? {
        let t = view.known(as: Text.self)
        if t != text { laidOut.removeAll() }
        text = t
        return []
    }

    var font: FontDescriptor {
        var d = (text.font ?? node.environment.current.font ?? .body).descriptor
        if let w = text.weight { d.weight = w }
        return d
    }

    private func lines(maxWidth: CGFloat?) -> [(text: Substring, width: Double)] {
        let f = font
        if laidOutFont != f {
            laidOut.removeAll()
            laidOutFont = f
        }
        if let l = laidOut[maxWidth] { return l }
        // Lines that all fit break the same at any width they fit in (a fixed-size text is measured
        // unconstrained, then drawn in its frame's width).
        let lines: [(text: Substring, width: Double)]
        if let w = maxWidth, let free = laidOut[nil], Self.allFit(free, in: w) {
            lines = free
        } else {
            lines = TextEngine.shared.lines(of: text.content, font: f, maxWidth: maxWidth)
        }
        if laidOut.count >= 8 { laidOut.removeAll() }
        laidOut[maxWidth] = lines
        return lines
    }

    /// Whether every line is at most `width` wide (nonisolated: a closure for `allSatisfy` made in the
    /// behaviour would be main-actor isolated and check the executor each call).
    private nonisolated static func allFit(_ lines: [(text: Substring, width: Double)], in width: Double) -> Bool {
        for line in lines where line.width > width { return false }
        return true
    }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        let m = TextEngine.shared.metrics(font)
        var maxWidth: Double?
        if let w = proposal.width { maxWidth = max(w, 0) }
        let environment = node.environment.current
        let ls = TextLineLimit.apply(lines(maxWidth: maxWidth), limit: environment.lineLimit, maxWidth: maxWidth, font: font)
        let width = ls.map(\.width).max() ?? 0
        let count = max(ls.count, 1, environment.reservedLines)
        return CGSize(width: width.rounded(.up), height: (CGFloat(count) * m.lineHeight).rounded(.up))
    }

    override func place(in bounds: CGRect) {}

    override func draw(into list: inout DisplayList) {
        let f = font
        let m = TextEngine.shared.metrics(f)
        let environment = node.environment.current
        let color = (text.color ?? environment.foregroundColor ?? .primary).resolved(in: environment.colorScheme)
        var y = node.frame.minY + m.ascender
        let maxWidth = node.frame.width + 0.5
        for line in TextLineLimit.apply(lines(maxWidth: maxWidth), limit: environment.lineLimit, maxWidth: maxWidth, font: f) {
            let x = node.frame.minX + TextLineLimit.offset(of: line.width, in: node.frame.width, alignment: environment.multilineTextAlignment)
            let run = TextRun(string: String(line.text), font: f, origin: Point(x: x, y: y), color: color,
                              frame: Rect(x: x, y: y - m.ascender, width: line.width, height: m.lineHeight))
            list.append(.text(run))
            y += m.lineHeight
        }
    }
}

/// A font, as SwiftUI's `Font`: text styles with iOS's default sizes, or a system font of a given size.
public struct Font: Hashable, Sendable {
    public enum Weight: Hashable, Sendable { case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black }
    public enum Design: Hashable, Sendable { case `default`, serif, rounded, monospaced }
    var size: CGFloat
    var weight: Weight
    var design: Design
    var monospacedDigits = false

    public static func system(size: CGFloat, weight: Weight = .regular, design: Design = .default) -> Font {
        Font(size: size, weight: weight, design: design)
    }
    public static let largeTitle = Font(size: 34, weight: .regular, design: .default)
    public static let title = Font(size: 28, weight: .regular, design: .default)
    public static let title2 = Font(size: 22, weight: .regular, design: .default)
    public static let title3 = Font(size: 20, weight: .regular, design: .default)
    public static let headline = Font(size: 17, weight: .semibold, design: .default)
    public static let body = Font(size: 17, weight: .regular, design: .default)
    public static let callout = Font(size: 16, weight: .regular, design: .default)
    public static let subheadline = Font(size: 15, weight: .regular, design: .default)
    public static let footnote = Font(size: 13, weight: .regular, design: .default)
    public static let caption = Font(size: 12, weight: .regular, design: .default)
    public static let caption2 = Font(size: 11, weight: .regular, design: .default)

    public func weight(_ w: Weight) -> Font { var f = self; f.weight = w; return f }
    public func bold() -> Font { weight(.bold) }
    public func monospaced() -> Font { var f = self; f.design = .monospaced; return f }
    /// Digits of equal width (tabular figures). The faces Scanout draws with (DejaVu Sans and Sans Mono, both
    /// weights) have tabular digits already, so this changes no advance today; it is kept in the font so that a
    /// face with proportional digits (a fallback or custom font) can honour it.
    public func monospacedDigit() -> Font { var f = self; f.monospacedDigits = true; return f }

    var descriptor: FontDescriptor {
        let bold: Bool
        switch weight {
        case .semibold, .bold, .heavy, .black: bold = true
        default: bold = false
        }
        return FontDescriptor(size: size, weight: bold ? .bold : .regular, monospaced: design == .monospaced)
    }
}
