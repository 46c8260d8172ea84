/// The stacks as `Layout` values (SwiftUI's `HStackLayout`, `VStackLayout`, `ZStackLayout`) and `AnyLayout`,
/// which erases a layout's type: `let layout = wide ? AnyLayout(HStackLayout()) : AnyLayout(VStackLayout())`
/// then `layout { … }` keeps the same views (and their state) when it switches, only moving them.

/// A layout whose subviews stack along an axis (what spacers and dividers inside follow).
@MainActor
protocol StackAxisLayout {
    var stackAxis: Axis? { get }
}

extension StackLayout: StackAxisLayout {
    var stackAxis: Axis? { axis }
}

/// `HStack`'s layout.
public struct HStackLayout: Layout, StackAxisLayout {
    public var alignment: VerticalAlignment
    public var spacing: CGFloat?
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil) {
        self.alignment = alignment; self.spacing = spacing
    }
    var stack: StackLayout { StackLayout(axis: .horizontal, alignment: Alignment(horizontal: .center, vertical: alignment), spacing: spacing) }
    var stackAxis: Axis? { .horizontal }
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        stack.sizeThatFits(proposal: proposal, subviews: subviews, cache: &cache)
    }
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        stack.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
    }
}

/// `VStack`'s layout.
public struct VStackLayout: Layout, StackAxisLayout {
    public var alignment: HorizontalAlignment
    public var spacing: CGFloat?
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil) {
        self.alignment = alignment; self.spacing = spacing
    }
    var stack: StackLayout { StackLayout(axis: .vertical, alignment: Alignment(horizontal: alignment, vertical: .center), spacing: spacing) }
    var stackAxis: Axis? { .vertical }
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        stack.sizeThatFits(proposal: proposal, subviews: subviews, cache: &cache)
    }
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        stack.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
    }
}

/// `ZStack`'s layout.
public struct ZStackLayout: Layout {
    public var alignment: Alignment
    public init(alignment: Alignment = .center) { self.alignment = alignment }
    var overlay: OverlayLayout { OverlayLayout(alignment: alignment) }
    public func makeCache(subviews: Subviews) -> OverlayLayout.Cache { OverlayLayout.Cache() }
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout OverlayLayout.Cache) -> CGSize {
        overlay.sizeThatFits(proposal: proposal, subviews: subviews, cache: &cache)
    }
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout OverlayLayout.Cache) {
        overlay.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
    }
}

/// A layout of any type (SwiftUI's `AnyLayout`). Views laid out by it keep their identity when the layout
/// inside changes; its cache is made again when the layout's type changes.
public struct AnyLayout: Layout, StackAxisLayout {
    let layout: any Layout

    public init<L: Layout>(_ layout: L) { self.layout = layout }

    var stackAxis: Axis? { (layout as? StackAxisLayout)?.stackAxis }

    /// The wrapped layout's cache, and the type it belongs to.
    public final class Cache {
        var type: ObjectIdentifier?
        var value: Any?
    }

    public func makeCache(subviews: Subviews) -> Cache { Cache() }
    public func updateCache(_ cache: inout Cache, subviews: Subviews) { cache.type = nil }

    private func withCache<L: Layout, R>(_ layout: L, _ cache: Cache, _ subviews: Subviews, _ body: (inout L.Cache) -> R) -> R {
        var c: L.Cache
        if cache.type == ObjectIdentifier(L.self), let v = cache.value as? L.Cache { c = v } else { c = layout.makeCache(subviews: subviews) }
        let result = body(&c)
        cache.type = ObjectIdentifier(L.self)
        cache.value = c
        return result
    }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        func size<L: Layout>(_ l: L) -> CGSize {
            withCache(l, cache, subviews) { l.sizeThatFits(proposal: proposal, subviews: subviews, cache: &$0) }
        }
        return size(layout)
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        func place<L: Layout>(_ l: L) {
            withCache(l, cache, subviews) { l.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &$0) }
        }
        place(layout)
    }
}
