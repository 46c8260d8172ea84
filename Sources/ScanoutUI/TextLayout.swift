import ScanoutRender

/// How the lines of a multiline text align with each other (SwiftUI's `TextAlignment`).
public enum TextAlignment: Hashable, CaseIterable, Sendable {
    case leading, center, trailing
}

struct LineLimitKey: EnvironmentKey { static let defaultValue: Int? = nil }
struct ReservedLinesKey: EnvironmentKey { static let defaultValue = 0 }
struct MultilineTextAlignmentKey: EnvironmentKey { static let defaultValue = TextAlignment.leading }

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
    static func apply(_ lines: [(text: Substring, width: Double)], limit: Int?, maxWidth: Double?,
                      font: FontDescriptor) -> [(text: Substring, width: Double)] {
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
        last = (Substring(s + ellipsis), width)
        kept[kept.count - 1] = last
        return kept
    }

    /// Where a line of `width` starts in a frame of `frameWidth` for `alignment`.
    static func offset(of width: Double, in frameWidth: Double, alignment: TextAlignment) -> Double {
        switch alignment {
        case .leading: return 0
        case .center: return Swift.max(0, (frameWidth - width) / 2)
        case .trailing: return Swift.max(0, frameWidth - width)
        }
    }
}
