/// The size text styles are drawn at (SwiftUI's `DynamicTypeSize`): a panel read from two metres away sets a
/// larger one for the whole app (`.dynamicTypeSize(.xxLarge)` on the root view), a dense service screen a
/// smaller one. `.large` is the default; text styles (`.body`, `.headline` …) scale with it as iOS's do, fonts of
/// a fixed size (`.system(size:)`) do not, and `Font.custom(_:size:relativeTo:)` scales in proportion.
public enum DynamicTypeSize: Hashable, Comparable, CaseIterable, Sendable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    public var isAccessibilitySize: Bool { self >= .accessibility1 }
}

struct DynamicTypeSizeKey: EnvironmentKey { static let defaultValue = DynamicTypeSize.large }

extension EnvironmentValues {
    public var dynamicTypeSize: DynamicTypeSize {
        get { self[DynamicTypeSizeKey.self] }
        set { self[DynamicTypeSizeKey.self] = newValue }
    }
}

extension View {
    /// Sets the Dynamic Type size for this view and everything below it.
    public func dynamicTypeSize(_ size: DynamicTypeSize) -> some View {
        environment(\.dynamicTypeSize, size)
    }

    /// Limits the Dynamic Type size below to `range` (the surrounding size, clamped).
    public func dynamicTypeSize<T: RangeExpression>(_ range: T) -> some View where T.Bound == DynamicTypeSize {
        transformEnvironment(\.dynamicTypeSize) { size in
            let all = DynamicTypeSize.allCases
            let inRange = all.filter { range.contains($0) }
            guard let low = inRange.first, let high = inRange.last else { return }
            size = min(max(size, low), high)
        }
    }
}

extension Font.TextStyle {
    /// iOS's point sizes for the style at each Dynamic Type size, `.xSmall` through `.accessibility5` (Apple's
    /// Human Interface Guidelines, "Typography").
    var sizes: [CGFloat] {
        switch self {
        case .largeTitle: return [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
        case .title: return [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
        case .title2: return [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
        case .title3: return [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
        case .headline, .body: return [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .callout: return [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
        case .subheadline: return [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
        case .footnote: return [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
        case .caption: return [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
        case .caption2: return [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 41]
        }
    }

    func size(at dynamicTypeSize: DynamicTypeSize) -> CGFloat {
        sizes[DynamicTypeSize.allCases.firstIndex(of: dynamicTypeSize) ?? 3]
    }
}
