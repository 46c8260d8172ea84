/// Identifies an alignment guide (SwiftUI's `AlignmentID`): its default value in a view's dimensions.
public protocol AlignmentID {
    static func defaultValue(in context: ViewDimensions) -> CGFloat
}

/// An alignment ID's type; only its static `defaultValue(in:)` is ever called, so sharing it is safe.
struct AlignmentIDType: @unchecked Sendable {
    let type: any AlignmentID.Type
}

/// A guide key: which guide, and along which axis.
struct AlignmentKey: Hashable {
    let id: ObjectIdentifier
    let horizontal: Bool

    /// `firstTextBaseline` or `lastTextBaseline`: guides every text has (the others are explicit only where an
    /// `alignmentGuide` modifier sets them).
    var isTextBaseline: Bool { self == VerticalAlignment.firstTextBaseline.key || self == VerticalAlignment.lastTextBaseline.key }
    var isFirstTextBaseline: Bool { self == VerticalAlignment.firstTextBaseline.key }
}

public struct HorizontalAlignment: Equatable, Sendable {
    let key: AlignmentKey
    let id: AlignmentIDType
    public init(_ id: any AlignmentID.Type) {
        key = AlignmentKey(id: ObjectIdentifier(id), horizontal: true)
        self.id = AlignmentIDType(type: id)
    }
    func defaultValue(_ d: ViewDimensions) -> CGFloat { id.type.defaultValue(in: d) }
    public static func == (a: Self, b: Self) -> Bool { a.key == b.key }

    private enum Leading: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { 0 } }
    private enum Center: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.width / 2 } }
    private enum Trailing: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.width } }
    public static let leading = HorizontalAlignment(Leading.self)
    public static let center = HorizontalAlignment(Center.self)
    public static let trailing = HorizontalAlignment(Trailing.self)
}

public struct VerticalAlignment: Equatable, Sendable {
    let key: AlignmentKey
    let id: AlignmentIDType
    public init(_ id: any AlignmentID.Type) {
        key = AlignmentKey(id: ObjectIdentifier(id), horizontal: false)
        self.id = AlignmentIDType(type: id)
    }
    func defaultValue(_ d: ViewDimensions) -> CGFloat { id.type.defaultValue(in: d) }
    public static func == (a: Self, b: Self) -> Bool { a.key == b.key }

    private enum Top: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { 0 } }
    private enum Center: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height / 2 } }
    private enum Bottom: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height } }
    private enum FirstBaseline: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height } }
    private enum LastBaseline: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height } }
    public static let top = VerticalAlignment(Top.self)
    public static let center = VerticalAlignment(Center.self)
    public static let bottom = VerticalAlignment(Bottom.self)
    public static let firstTextBaseline = VerticalAlignment(FirstBaseline.self)
    public static let lastTextBaseline = VerticalAlignment(LastBaseline.self)
}

public struct Alignment: Equatable, Sendable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal; self.vertical = vertical
    }
    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}

/// A view's size plus its alignment guides (SwiftUI's `ViewDimensions`).
public struct ViewDimensions {
    public let width: CGFloat
    public let height: CGFloat
    let explicit: (AlignmentKey) -> CGFloat?
    /// Where text baselines are asked for when there is no `explicit` closure (no `alignmentGuide` modifier in
    /// the host): the subview itself, asked only for those two guides.
    let baselines: LayoutUnit?

    init(size: CGSize, explicit: @escaping (AlignmentKey) -> CGFloat? = { _ in nil }, baselines: LayoutUnit? = nil) {
        width = size.width
        height = size.height
        self.explicit = explicit
        self.baselines = baselines
    }

    public subscript(guide: HorizontalAlignment) -> CGFloat { explicit(guide.key) ?? guide.defaultValue(self) }
    public subscript(guide: VerticalAlignment) -> CGFloat { self[explicit: guide] ?? guide.defaultValue(self) }
    public subscript(explicit guide: HorizontalAlignment) -> CGFloat? { explicit(guide.key) }
    public subscript(explicit guide: VerticalAlignment) -> CGFloat? {
        if let value = explicit(guide.key) { return value }
        guard guide.key.isTextBaseline, let unit = baselines else { return nil }
        let key = guide.key, size = CGSize(width: width, height: height)
        // Layouts run on the main actor; only a baseline-aligned layout gets here.
        return MainActor.assumeIsolated { unit.alignmentGuide(key, in: size) }
    }
}
