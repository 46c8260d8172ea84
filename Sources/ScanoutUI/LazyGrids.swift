/// `LazyVGrid` and `LazyHGrid` with `GridItem`s (SwiftUI's): views flow into columns (rows) whose sizes come
/// from the items — fixed, flexible between a minimum and a maximum, or adaptive (as many as fit). Scanout
/// makes every cell when the grid appears (not lazily yet: grids of a kiosk's tiles, not of 10,000 photos).

/// A column of a `LazyVGrid`, or a row of a `LazyHGrid`.
public struct GridItem: Sendable, Equatable {
    public enum Size: Sendable, Equatable {
        case fixed(CGFloat)
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }

    public var size: Size
    public var spacing: CGFloat?
    public var alignment: Alignment?

    public init(_ size: Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {
        self.size = size
        self.spacing = spacing
        self.alignment = alignment
    }
}

/// Views in a grid that grows vertically: `columns` across, as many rows as the views need.
public struct LazyVGrid<Content: View>: View {
    let columns: [GridItem]
    let alignment: HorizontalAlignment
    let spacing: CGFloat?
    let content: Content

    public init(columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {
        self.columns = columns
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    public var body: some View {
        _GridFlowLayout(axis: .vertical, tracks: columns, lineSpacing: spacing ?? _GridFlowLayout.defaultSpacing,
                        crossAlignment: alignment.key == HorizontalAlignment.leading.key ? 0 : alignment.key == HorizontalAlignment.trailing.key ? 1 : 0.5) {
            content
        }
    }
}

/// Views in a grid that grows horizontally: `rows` down, as many columns as the views need.
public struct LazyHGrid<Content: View>: View {
    let rows: [GridItem]
    let alignment: VerticalAlignment
    let spacing: CGFloat?
    let content: Content

    public init(rows: [GridItem], alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {
        self.rows = rows
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    public var body: some View {
        _GridFlowLayout(axis: .horizontal, tracks: rows, lineSpacing: spacing ?? _GridFlowLayout.defaultSpacing,
                        crossAlignment: alignment.key == VerticalAlignment.top.key ? 0 : alignment.key == VerticalAlignment.bottom.key ? 1 : 0.5) {
            content
        }
    }
}

/// Which views of a lazy stack or grid stay pinned while scrolling (SwiftUI's `PinnedScrollableViews`;
/// accepted, headers and footers scroll with the content in Scanout).
public struct PinnedScrollableViews: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

/// The grids' layout: `tracks` (columns of a vertical grid, rows of a horizontal one) sized across the
/// proposal, views placed in order track by track, lines as long as their longest view.
public struct _GridFlowLayout: Layout {
    static let defaultSpacing: CGFloat = 8
    let axis: Axis
    let tracks: [GridItem]
    let lineSpacing: CGFloat
    /// Where the tracks sit across the proposal when they do not fill it (0 leading/top … 1 trailing/bottom).
    let crossAlignment: CGFloat

    /// One resolved track: its length across and how a view sits in it.
    struct Track { var length: CGFloat; var spacingAfter: CGFloat; var alignment: Alignment }

    /// The tracks for `available` points across (nil: each at its minimum or fixed length, adaptive once).
    func resolve(_ available: CGFloat?) -> [Track] {
        var out: [Track] = []
        let gaps = tracks.dropLast().reduce(CGFloat(0)) { $0 + ($1.spacing ?? Self.defaultSpacing) }
        var fixed: CGFloat = 0
        var shared = 0
        for t in tracks {
            if case .fixed(let l) = t.size { fixed += max(0, l) } else { shared += 1 }
        }
        let rest = max(0, (available ?? 0) - fixed - gaps)
        let share = shared > 0 ? rest / CGFloat(shared) : 0
        for (i, t) in tracks.enumerated() {
            let spacing = i == tracks.count - 1 ? 0 : (t.spacing ?? Self.defaultSpacing)
            let alignment = t.alignment ?? .center
            switch t.size {
            case .fixed(let l):
                out.append(Track(length: max(0, l), spacingAfter: spacing, alignment: alignment))
            case .flexible(let minimum, let maximum):
                let l = available == nil ? max(0, minimum) : min(max(share, minimum), max(minimum, maximum))
                out.append(Track(length: l, spacingAfter: spacing, alignment: alignment))
            case .adaptive(let minimum, let maximum):
                // As many tracks of at least `minimum` as fit in this item's share, sharing it.
                let gap = t.spacing ?? Self.defaultSpacing
                let lo = max(1, minimum)
                let count = available == nil ? 1 : max(1, Int(((share + gap) / (lo + gap)).rounded(.down)))
                let length = available == nil ? lo : min(max(lo, (share - gap * CGFloat(count - 1)) / CGFloat(count)), max(lo, maximum))
                for k in 0..<count {
                    out.append(Track(length: length, spacingAfter: k == count - 1 ? spacing : gap, alignment: alignment))
                }
            }
        }
        return out
    }

    private func across(_ p: ProposedViewSize) -> CGFloat? { axis == .vertical ? p.width : p.height }

    private func cellProposal(_ length: CGFloat) -> ProposedViewSize {
        axis == .vertical ? ProposedViewSize(width: length, height: nil) : ProposedViewSize(width: nil, height: length)
    }

    /// Each line's length along the grid's axis (the longest view in it).
    private func lineLengths(_ subviews: Subviews, _ tracks: [Track]) -> [CGFloat] {
        guard !tracks.isEmpty else { return [] }
        var lines: [CGFloat] = []
        for (i, s) in subviews.enumerated() {
            let size = s.sizeThatFits(cellProposal(tracks[i % tracks.count].length))
            let along = axis == .vertical ? size.height : size.width
            if i % tracks.count == 0 { lines.append(along) } else { lines[lines.count - 1] = max(lines[lines.count - 1], along) }
        }
        return lines
    }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let tracks = resolve(across(proposal))
        let lines = lineLengths(subviews, tracks)
        let along = lines.reduce(0, +) + lineSpacing * CGFloat(max(0, lines.count - 1))
        let crossUsed = tracks.reduce(CGFloat(0)) { $0 + $1.length + $1.spacingAfter }
        // A grid with a flexible or adaptive track takes the whole width (height) it is offered.
        let cross = tracks.count == self.tracks.count && self.tracks.allSatisfy({ if case .fixed = $0.size { return true } else { return false } })
            ? crossUsed : max(crossUsed, across(proposal) ?? crossUsed)
        return axis == .vertical ? CGSize(width: cross, height: along) : CGSize(width: along, height: cross)
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let crossLength = axis == .vertical ? bounds.width : bounds.height
        let tracks = resolve(crossLength)
        guard !tracks.isEmpty else { return }
        let lines = lineLengths(subviews, tracks)
        let crossUsed = tracks.reduce(CGFloat(0)) { $0 + $1.length + $1.spacingAfter }
        let crossStart = ((crossLength - crossUsed) * crossAlignment).rounded()
        var trackStarts: [CGFloat] = []
        var position = crossStart
        for t in tracks { trackStarts.append(position); position += t.length + t.spacingAfter }
        var lineStart: CGFloat = 0
        for (i, s) in subviews.enumerated() {
            let track = i % tracks.count, line = i / tracks.count
            if track == 0 && line > 0 { lineStart += lines[line - 1] + lineSpacing }
            let t = tracks[track]
            let proposalForCell = cellProposal(t.length)
            let d = s.dimensions(in: proposalForCell)
            let slot = axis == .vertical ? CGSize(width: t.length, height: lines[line]) : CGSize(width: lines[line], height: t.length)
            let slotDims = ViewDimensions(size: slot)
            let dx = t.alignment.horizontal.defaultValue(slotDims) - t.alignment.horizontal.defaultValue(d)
            let dy = t.alignment.vertical.defaultValue(slotDims) - t.alignment.vertical.defaultValue(d)
            let origin = axis == .vertical
                ? CGPoint(x: bounds.minX + trackStarts[track] + dx, y: bounds.minY + lineStart + dy)
                : CGPoint(x: bounds.minX + lineStart + dx, y: bounds.minY + trackStarts[track] + dy)
            s.place(at: CGPoint(x: origin.x.rounded(), y: origin.y.rounded()), anchor: .topLeading, proposal: proposalForCell)
        }
    }
}
