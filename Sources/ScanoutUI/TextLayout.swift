import ScanoutRender

/// How the lines of a multiline text align with each other (SwiftUI's `TextAlignment`).
public enum TextAlignment: Hashable, CaseIterable, Sendable {
    case leading, center, trailing
}

struct LineLimitKey: EnvironmentKey { static let defaultValue: Int? = nil }
struct ReservedLinesKey: EnvironmentKey { static let defaultValue = 0 }
struct MultilineTextAlignmentKey: EnvironmentKey { static let defaultValue = TextAlignment.leading }
struct TrackingKey: EnvironmentKey { static let defaultValue: CGFloat = 0 }

extension EnvironmentValues {
    /// The most lines a text shows (nil: as many as it needs); the last one shown ends with "…".
    public var lineLimit: Int? {
        get { self[LineLimitKey.self] }
        set { self[LineLimitKey.self] = newValue }
    }

    /// Lines a text takes room for even when shorter (from `lineLimit(2...4)` or `reservesSpace`).
    var reservedLines: Int {
        get { self[ReservedLinesKey.self] }
        set { self[ReservedLinesKey.self] = newValue }
    }

    /// Points added after each character of the texts below (`tracking(_:)`, `kerning(_:)` on a view).
    public var tracking: CGFloat {
        get { self[TrackingKey.self] }
        set { self[TrackingKey.self] = newValue }
    }

    /// How the lines of multiline text align.
    public var multilineTextAlignment: TextAlignment {
        get { self[MultilineTextAlignmentKey.self] }
        set { self[MultilineTextAlignmentKey.self] = newValue }
    }
}

extension View {
    /// Shows at most `number` lines of text (nil: no limit); the last line shown is truncated with "…".
    public func lineLimit(_ number: Int?) -> some View {
        modifier(LineLimitModifier(limit: number, reserved: 0))
    }

    /// Shows at most `limit` lines, and takes room for `limit` lines when `reservesSpace`.
    public func lineLimit(_ limit: Int, reservesSpace: Bool) -> some View {
        modifier(LineLimitModifier(limit: limit, reserved: reservesSpace ? limit : 0))
    }

    /// Takes room for at least the range's lower bound of lines and shows at most its upper bound.
    public func lineLimit(_ limit: ClosedRange<Int>) -> some View {
        modifier(LineLimitModifier(limit: limit.upperBound, reserved: limit.lowerBound))
    }

    /// Takes room for at least the range's lower bound of lines, without a maximum.
    public func lineLimit(_ limit: PartialRangeFrom<Int>) -> some View {
        modifier(LineLimitModifier(limit: nil, reserved: limit.lowerBound))
    }

    /// Shows at most the range's upper bound of lines.
    public func lineLimit(_ limit: PartialRangeThrough<Int>) -> some View {
        modifier(LineLimitModifier(limit: limit.upperBound, reserved: 0))
    }

    /// Adds `tracking` points after each character of the texts in this view (see `Text.tracking(_:)`).
    public func tracking(_ tracking: CGFloat) -> some View { environment(\.tracking, tracking) }
    /// Adds `kerning` points between the characters of the texts in this view (see `Text.kerning(_:)`).
    public func kerning(_ kerning: CGFloat) -> some View { environment(\.tracking, kerning) }

    /// Aligns the lines of multiline text in this view.
    public func multilineTextAlignment(_ alignment: TextAlignment) -> some View {
        environment(\.multilineTextAlignment, alignment)
    }
}

struct LineLimitModifier: PrimitiveModifier, Equatable {
    let limit: Int?
    let reserved: Int
    func makeBehavior() -> ModifierBehavior {
        EnvironmentTransformBehavior<LineLimitModifier> { m, e in
            e.lineLimit = m.limit.map { Swift.max(1, $0) }
            e.reservedLines = Swift.max(0, m.reserved)
        }
    }
}

/// Applies the environment's line limit to wrapped lines.
@MainActor
enum TextLineLimit {
    static let ellipsis = "…"

    /// `lines` cut to `limit`; when lines were dropped, the last kept line ends with "…" within `maxWidth`.
    static func apply(_ lines: [TextLine], limit: Int?, maxWidth: Double?,
                      font: FontDescriptor) -> [TextLine] {
        guard let limit, lines.count > limit else { return lines }
        var kept = Array(lines.prefix(limit))
        guard var last = kept.last else { return kept }
        let engine = TextEngine.shared
        var s = String(last.text)
        // Trailing spaces go before the ellipsis; then characters until it fits.
        while s.last == " " { s.removeLast() }
        var width = engine.width(of: s + ellipsis, font: font)
        while let w = maxWidth, width > w, !s.isEmpty {
            s.removeLast()
            width = engine.width(of: s + ellipsis, font: font)
        }
        last = TextLine(text: Substring(s + ellipsis), width: width)
        kept[kept.count - 1] = last
        return kept
    }

    /// Where a line of `width` starts in a frame of `frameWidth` for `alignment` (leading is the right edge
    /// right to left).
    static func offset(of width: Double, in frameWidth: Double, alignment: TextAlignment,
                       direction: LayoutDirection = .leftToRight) -> Double {
        switch (alignment, direction) {
        case (.leading, .leftToRight), (.trailing, .rightToLeft): return 0
        case (.center, _): return Swift.max(0, (frameWidth - width) / 2)
        case (.trailing, .leftToRight), (.leading, .rightToLeft): return Swift.max(0, frameWidth - width)
        }
    }
}

// MARK: Spacing, truncation, scaling, case

/// Where a text that does not fit is cut (SwiftUI's `Text.TruncationMode`).
extension Text {
    public enum TruncationMode: Hashable, Sendable { case head, tail, middle }
    /// How text is cased for display (SwiftUI's `Text.Case`).
    public enum Case: Hashable, Sendable { case uppercase, lowercase }
}

struct LineSpacingKey: EnvironmentKey { static let defaultValue: CGFloat = 0 }
struct TruncationModeKey: EnvironmentKey { static let defaultValue = Text.TruncationMode.tail }
struct MinimumScaleFactorKey: EnvironmentKey { static let defaultValue: CGFloat = 1 }
struct TextCaseKey: EnvironmentKey { static let defaultValue: Text.Case? = nil }

extension EnvironmentValues {
    /// Extra points between the lines of a paragraph.
    public var lineSpacing: CGFloat {
        get { self[LineSpacingKey.self] }
        set { self[LineSpacingKey.self] = newValue }
    }

    /// Where text cut by its line limit shows "…".
    public var truncationMode: Text.TruncationMode {
        get { self[TruncationModeKey.self] }
        set { self[TruncationModeKey.self] = newValue }
    }

    /// How far text may shrink (a fraction of its font size) to fit its line limit and width before it is cut.
    public var minimumScaleFactor: CGFloat {
        get { self[MinimumScaleFactorKey.self] }
        set { self[MinimumScaleFactorKey.self] = newValue }
    }

    /// Upper- or lower-cases text for display (nil: as written).
    public var textCase: Text.Case? {
        get { self[TextCaseKey.self] }
        set { self[TextCaseKey.self] = newValue }
    }
}

extension View {
    /// Extra points between the lines of text in this view.
    public func lineSpacing(_ spacing: CGFloat) -> some View { environment(\.lineSpacing, spacing) }
    /// Where text cut by its line limit shows "…": at its end (default), start or middle.
    public func truncationMode(_ mode: Text.TruncationMode) -> some View { environment(\.truncationMode, mode) }
    /// Lets text shrink down to `factor` of its size to fit before it is cut.
    public func minimumScaleFactor(_ factor: CGFloat) -> some View {
        environment(\.minimumScaleFactor, Swift.min(1, Swift.max(0.01, factor)))
    }
    /// Upper- or lower-cases the text in this view for display.
    public func textCase(_ textCase: Text.Case?) -> some View { environment(\.textCase, textCase) }
}

extension Text.Case {
    func apply(_ s: String) -> String {
        switch self {
        case .uppercase: return s.uppercased()
        case .lowercase: return s.lowercased()
        }
    }
}

extension TextLineLimit {
    /// One line of `text` cut at its start or middle with "…" so it fits `maxWidth` (the tail mode is `apply`).
    static func truncated(_ text: String, mode: Text.TruncationMode, maxWidth: Double, font: FontDescriptor) -> TextLine {
        let engine = TextEngine.shared
        let whole = engine.width(of: text, font: font)
        if whole <= maxWidth { return TextLine(text: text[...], width: whole) }
        var chars = Array(text)
        var head = mode == .middle ? chars.count / 2 : 0
        func joined() -> String { String(chars[..<head]) + ellipsis + String(chars[head...]) }
        var s = joined(), width = engine.width(of: s, font: font)
        // Remove characters next to the ellipsis, alternating sides in the middle mode, until it fits.
        var fromEnd = false
        while width > maxWidth, !chars.isEmpty {
            if mode == .head || (mode == .middle && fromEnd) || head == 0 {
                if head < chars.count { chars.remove(at: head) } else { chars.removeLast(); head = min(head, chars.count) }
            } else {
                chars.remove(at: head - 1)
                head -= 1
            }
            fromEnd.toggle()
            s = joined()
            width = engine.width(of: s, font: font)
        }
        return TextLine(text: Substring(s), width: width)
    }
}
