/// Where a scroll view comes to rest after the finger lets go (SwiftUI's `scrollTargetBehavior(_:)`): a
/// behaviour moves the natural resting place (where the momentum would stop) to a page boundary
/// (`.paging`), to the leading edge of a view of the `scrollTargetLayout()` container (`.viewAligned`), or
/// anywhere of an app's own behaviour; the scroll view then moves there with a short spring instead of its
/// momentum. (`scrollPosition(id:)` is not there yet.)

/// A vector (SwiftUI's, CoreGraphics' `CGVector`).
public struct CGVector: Hashable, Sendable {
    public var dx: CGFloat, dy: CGFloat
    public init(dx: CGFloat = 0, dy: CGFloat = 0) { self.dx = dx; self.dy = dy }
    public static let zero = CGVector()
}

/// Where a scroll view is to rest: its visible rectangle, in the content's coordinates (SwiftUI's
/// `ScrollTarget`).
public struct ScrollTarget: Hashable, Sendable {
    public var rect: CGRect
    public var anchor: UnitPoint?
    public init(rect: CGRect, anchor: UnitPoint? = nil) { self.rect = rect; self.anchor = anchor }
}

/// How a scroll view chooses where to rest (SwiftUI's `ScrollTargetBehavior`).
@MainActor @preconcurrency
public protocol ScrollTargetBehavior {
    /// Moves `target` (where the scroll view would rest) to where it should.
    func updateTarget(_ target: inout ScrollTarget, context: ScrollTargetBehaviorContext)
}

/// What a scroll target behaviour decides from (SwiftUI's `ScrollTargetBehaviorContext`).
public struct ScrollTargetBehaviorContext {
    /// Where the scroll view would rest without the behaviour.
    public var originalTarget: ScrollTarget
    /// The release velocity of the content, points per second.
    public var velocity: CGVector
    public var contentSize: CGSize
    public var containerSize: CGSize
    public var axes: Axis.Set
    /// Where the scroll view was when the finger went down (its visible rectangle).
    var startRect: CGRect
    /// The frames of the views of the `scrollTargetLayout()` container, in the content's coordinates.
    var targetFrames: [CGRect]
}

/// One page at a time, a page being the scroll view's size (SwiftUI's `PagingScrollTargetBehavior`): a swipe
/// past half a page or faster than a flick turns the page.
public struct PagingScrollTargetBehavior: ScrollTargetBehavior {
    nonisolated public init() {}
    public func updateTarget(_ target: inout ScrollTarget, context: ScrollTargetBehaviorContext) {
        func page(_ start: CGFloat, _ natural: CGFloat, _ velocity: CGFloat, _ size: CGFloat, _ content: CGFloat) -> CGFloat {
            guard size > 0 else { return natural }
            let first = (start / size).rounded()
            var index = first
            let moved = natural - first * size
            if moved > size / 2 || velocity > 300 { index = first + 1 } else if moved < -size / 2 || velocity < -300 { index = first - 1 }
            return min(max(0, index * size), max(0, content - size))
        }
        if context.axes.contains(.horizontal) {
            target.rect.origin.x = page(context.startRect.minX, context.originalTarget.rect.minX, context.velocity.dx,
                                        context.containerSize.width, context.contentSize.width)
        }
        if context.axes.contains(.vertical) {
            target.rect.origin.y = page(context.startRect.minY, context.originalTarget.rect.minY, context.velocity.dy,
                                        context.containerSize.height, context.contentSize.height)
        }
    }
}

/// At the leading edge of a view of the scroll view's `scrollTargetLayout()` container (SwiftUI's
/// `ViewAlignedScrollTargetBehavior`): the one nearest to where the momentum would stop; with
/// `.always`, at most one view on from where the finger went down.
public struct ViewAlignedScrollTargetBehavior: ScrollTargetBehavior {
    /// How far one swipe may go (SwiftUI's `ViewAlignedScrollTargetBehavior.LimitBehavior`).
    public struct LimitBehavior: Hashable, Sendable {
        let oneAtATime: Bool
        public static let automatic = LimitBehavior(oneAtATime: false)
        public static let always = LimitBehavior(oneAtATime: true)
        public static let never = LimitBehavior(oneAtATime: false)
    }
    let limit: LimitBehavior
    nonisolated public init(limitBehavior: LimitBehavior = .automatic) { limit = limitBehavior }

    public func updateTarget(_ target: inout ScrollTarget, context: ScrollTargetBehaviorContext) {
        guard !context.targetFrames.isEmpty else { return }
        func aligned(_ natural: CGFloat, _ start: CGFloat, _ edges: [CGFloat], _ velocity: CGFloat, _ size: CGFloat, _ content: CGFloat) -> CGFloat {
            var candidates = edges
            if limit.oneAtATime, let here = edges.min(by: { abs($0 - start) < abs($1 - start) }) {
                let after = edges.filter { $0 > here }.min(), before = edges.filter { $0 < here }.max()
                candidates = [here] + (velocity > 0 || natural > here ? after.map { [$0] } ?? [] : before.map { [$0] } ?? [])
            }
            let best = candidates.min { abs($0 - natural) < abs($1 - natural) } ?? natural
            return min(max(0, best), max(0, content - size))
        }
        if context.axes.contains(.horizontal) {
            target.rect.origin.x = aligned(context.originalTarget.rect.minX, context.startRect.minX, context.targetFrames.map(\.minX),
                                           context.velocity.dx, context.containerSize.width, context.contentSize.width)
        }
        if context.axes.contains(.vertical) {
            target.rect.origin.y = aligned(context.originalTarget.rect.minY, context.startRect.minY, context.targetFrames.map(\.minY),
                                           context.velocity.dy, context.containerSize.height, context.contentSize.height)
        }
    }
}

extension ScrollTargetBehavior where Self == PagingScrollTargetBehavior {
    public static var paging: PagingScrollTargetBehavior { PagingScrollTargetBehavior() }
}

extension ScrollTargetBehavior where Self == ViewAlignedScrollTargetBehavior {
    public static var viewAligned: ViewAlignedScrollTargetBehavior { ViewAlignedScrollTargetBehavior() }
    public static func viewAligned(limitBehavior: ViewAlignedScrollTargetBehavior.LimitBehavior) -> ViewAlignedScrollTargetBehavior {
        ViewAlignedScrollTargetBehavior(limitBehavior: limitBehavior)
    }
}

/// The environment's scroll target behaviour, type-erased (nil: the momentum decides).
struct ScrollTargetBehaviorChoice: Equatable, @unchecked Sendable {  // made and read on the main actor
    let behavior: any ScrollTargetBehavior
    nonisolated static func == (a: Self, b: Self) -> Bool { StyleIdentity.same(a.behavior, b.behavior) }
}

struct ScrollTargetBehaviorKey: EnvironmentKey { static let defaultValue: ScrollTargetBehaviorChoice? = nil }

extension EnvironmentValues {
    var scrollTargetBehavior: ScrollTargetBehaviorChoice? {
        get { self[ScrollTargetBehaviorKey.self] }
        set { self[ScrollTargetBehaviorKey.self] = newValue }
    }
}

struct ScrollTargetLayoutModifier: PrimitiveModifier {
    let isEnabled: Bool
    func makeBehavior() -> ModifierBehavior { ScrollTargetLayoutBehavior() }
}

/// Marks the container whose views `.viewAligned` aligns to.
final class ScrollTargetLayoutBehavior: ModifierBehavior {
    private(set) var isEnabled = true
    override func updateModifier(_ modifier: any ViewModifier) { isEnabled = modifier.known(as: ScrollTargetLayoutModifier.self).isEnabled }

    /// The container's views, in order.
    var targetViews: [ViewNode] {
        guard isEnabled, let container = node.children.first else { return [] }
        // (The views the container lays out: a `ForEach`'s rows, not the `ForEach`.)
        return container.layoutSubviews.filter { !$0.isRemoving }
    }
}

extension View {
    /// Where scroll views inside come to rest after a swipe: `.paging`, `.viewAligned`, or a behaviour of
    /// the app's own.
    public func scrollTargetBehavior<T: ScrollTargetBehavior>(_ behavior: T) -> some View {
        environment(\.scrollTargetBehavior, ScrollTargetBehaviorChoice(behavior: behavior))
    }

    /// Makes this container's views the ones a `.viewAligned` scroll view aligns to.
    public func scrollTargetLayout(isEnabled: Bool = true) -> some View {
        modifier(ScrollTargetLayoutModifier(isEnabled: isEnabled))
    }

    /// Binds the view of the scroll view's `scrollTargetLayout()` container that is scrolled to (see
    /// `ScrollPositionModifier`).
    public func scrollPosition(id: Binding<(some Hashable)?>, anchor: UnitPoint? = nil) -> some View {
        modifier(ScrollPositionModifier(id: id, anchor: anchor))
    }
}

extension ScrollViewBehavior {
    /// The frames of the views of the nearest `scrollTargetLayout()` container inside, in the content's
    /// coordinates (empty: none).
    func scrollTargetFrames() -> [CGRect] { scrollTargetViews().map { contentRect(fromRoot: $0.frame) } }

    /// The views of the nearest `scrollTargetLayout()` container inside, in order (empty: none).
    func scrollTargetViews() -> [ViewNode] {
        var queue = node.children, depth = 0
        while !queue.isEmpty, depth < 12 {
            if let found = queue.lazy.compactMap({ $0.behavior as? ScrollTargetLayoutBehavior }).first { return found.targetViews }
            queue = queue.flatMap(\.children)
            depth += 1
        }
        return []
    }
}
