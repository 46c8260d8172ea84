import ScanoutRender

extension Axis {
    /// A set of axes (SwiftUI's `Axis.Set`).
    public struct Set: OptionSet, Sendable, Hashable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1 << 0)
        public static let vertical = Set(rawValue: 1 << 1)
    }
}

/// A scrollable view (SwiftUI's `ScrollView`). Along its axes it proposes nothing (nil) to its content, which
/// takes its ideal length there, and across them it proposes its own length; it takes the whole proposal,
/// clips the content to its frame and moves it with the finger. Several views inside are stacked as by a
/// `VStack` (`HStack` for a horizontal scroll view).
public struct ScrollView<Content: View>: View, PrimitiveView, AnyScrollView {
    public var content: Content
    public var axes: Axis.Set
    public var showsIndicators: Bool

    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.showsIndicators = showsIndicators
        self.content = content()
    }

    func makeBehavior() -> NodeBehavior { ScrollViewBehavior() }
    var anyContent: any View { content }
}

@MainActor
protocol AnyScrollView {
    var axes: Axis.Set { get }
    var showsIndicators: Bool { get }
    var anyContent: any View { get }
}

/// The content is placed at its scrolled position (frames are root coordinates, so drawing and hit testing
/// follow without a transform), and a change of offset lays the tree out again: lazy stacks inside make and
/// retire rows from the viewport they ask for (`viewport(enclosing:along:)`).
///
/// Released while moving, the content keeps going (momentum): the release velocity (from the last 0.1 s of
/// touch samples) decays as UIKit's normal deceleration (x0.998 per millisecond), one step per frame on the
/// host's clock through `startAnimating`, until it is under `minimumMomentumSpeed` or the content reaches an
/// edge along that axis (it stops there: no rubber band). A touch down on the scroll view while it moves
/// stops it and goes to the scroll view, not to the content under it.
final class ScrollViewBehavior: NodeBehavior, AnimationTicking {
    private(set) var axes = Axis.Set.vertical
    private var showsIndicators = true
    /// The scroll position: the content point shown at the viewport's top-leading corner, kept within
    /// [0, content size - viewport size]. It is the model value; a momentum or `scrollTo` animation is to move
    /// it through `scroll(to:)`, one frame at a time.
    private(set) var contentOffset = CGPoint.zero
    /// The content's size at the last layout.
    private(set) var contentSize = CGSize.zero
    /// The touch being tracked: the offset when it went down, and whether it has started scrolling.
    private var drag: (startOffset: CGPoint, isScrolling: Bool)?
    /// The finger's recent samples (for the release velocity).
    private var tracker = VelocityTracker()
    /// Scrolling on after a release: the offset's velocity (points/s), its unrounded position, and the time of
    /// the last step.
    private var momentum: (velocity: CGSize, position: CGPoint, time: Double)?
    /// Releases slower than this (points/s) do not carry on, and momentum stops below it.
    static let minimumMomentumSpeed: CGFloat = 20
    /// Whether the content is moving on after a release.
    var isDecelerating: Bool { momentum != nil }
    /// A `scrollTo` inside `withAnimation`: the offset moving to its target (see `ScrollViewReader`).
    private var scrollAnimation: AnimatedValue<CGPoint.AnimatableData>?
    /// Pulled down at the top with a refresh action in the environment (see `refreshable`).
    var pullToRefresh = PullToRefresh()

    /// How far a finger moves along a scrolling axis before the touch scrolls (and is taken from the view it
    /// went down on).
    static let touchSlop: CGFloat = 8

    override func update(_ view: any View) -> [ChildSlot]? {
        let v = view as! any AnyScrollView
        axes = v.axes
        showsIndicators = v.showsIndicators
        // (Padded only with margins: a scroll view without keeps its content's identity as it always had.)
        let margins = node.environment.current.scrollContentMargins
        return [ChildSlot(key: 0, view: margins.isZero ? v.anyContent : AnyView(v.anyContent).padding(margins))]
    }

    private var scrollsHorizontally: Bool { axes.contains(.horizontal) }
    private var scrollsVertically: Bool { axes.contains(.vertical) }

    private func contentProposal(_ p: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: scrollsHorizontally ? nil : p.width, height: scrollsVertically ? nil : p.height)
    }

    /// Several views inside are stacked as by a `VStack` (an `HStack` when only scrolling horizontally).
    private var content: LayoutUnit { LayoutUnit(node.layoutSubviews, axis: axes == .horizontal ? .horizontal : .vertical) }

    /// The whole proposal; an unspecified dimension is the content's ideal length.
    /// The visible size being laid out (for `containerRelativeFrame` inside): set before the content is measured.
    private(set) var viewportSize: CGSize?

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        if let w = proposal.width, let h = proposal.height { return CGSize(width: w, height: h) }
        let ideal = content.sizeThatFits(contentProposal(proposal))
        return CGSize(width: proposal.width ?? ideal.width, height: proposal.height ?? ideal.height)
    }

    override func place(in bounds: CGRect) {
        viewportSize = bounds.size
        let unit = content
        let p = contentProposal(ProposedViewSize(bounds.size))
        contentSize = unit.sizeThatFits(p)
        contentOffset = clamped(contentOffset)
        // Along a scrolling axis the content starts at the leading edge; across it, a narrower one is centred.
        let x = scrollsHorizontally ? bounds.minX - contentOffset.x : bounds.minX + ((bounds.width - contentSize.width) / 2).rounded()
        let y = scrollsVertically ? bounds.minY - contentOffset.y + pullToRefresh.pull : bounds.minY + ((bounds.height - contentSize.height) / 2).rounded()
        unit.place(in: CGRect(origin: CGPoint(x: x, y: y), size: contentSize), proposal: p)
        reportScrollPosition()
    }

    private func clamped(_ offset: CGPoint) -> CGPoint {
        let size = node.frame.size
        func clamp(_ v: CGFloat, _ content: CGFloat, _ viewport: CGFloat) -> CGFloat { min(max(v, 0), max(0, content - viewport)) }
        return CGPoint(x: scrollsHorizontally ? clamp(offset.x, contentSize.width, size.width) : 0,
                       y: scrollsVertically ? clamp(offset.y, contentSize.height, size.height) : 0)
    }

    /// Moves the content so that `offset` (clamped) is at the viewport's top-leading corner; the next frame
    /// lays the tree out again.
    func scroll(to offset: CGPoint) {
        let o = clamped(offset)
        guard o != contentOffset else { return }
        contentOffset = o
        node.setNeedsPlacement()
    }

    /// `rect` (root coordinates, as laid out now) in the content's coordinates.
    func contentRect(fromRoot rect: CGRect) -> CGRect {
        let f = node.frame
        return CGRect(x: rect.minX - f.minX + contentOffset.x, y: rect.minY - f.minY + contentOffset.y, width: rect.width, height: rect.height)
    }

    /// The offset that shows `target` (root coordinates, as laid out now) with its `anchor` point on the
    /// viewport's; with no anchor, the nearest offset showing all of it (its leading part when it is larger
    /// than the viewport). Clamped and in whole points, as offsets are.
    func offset(showing target: CGRect, anchor: UnitPoint?) -> CGPoint {
        let f = node.frame
        let t = contentRect(fromRoot: target)
        func along(_ start: CGFloat, _ length: CGFloat, _ viewport: CGFloat, _ current: CGFloat, _ unit: CGFloat?) -> CGFloat {
            if let unit { return start + unit * length - unit * viewport }
            if length > viewport || start < current { return start }
            return max(current, start + length - viewport)
        }
        let o = CGPoint(x: along(t.minX, t.width, f.width, scrollTarget.x, anchor?.x),
                        y: along(t.minY, t.height, f.height, scrollTarget.y, anchor?.y))
        let c = clamped(o)
        return CGPoint(x: c.x.rounded(), y: c.y.rounded())
    }

    /// Where the offset is going: an animated scroll's target, else where it is.
    var scrollTarget: CGPoint { scrollAnimation.map { CGPoint(x: $0.model.first, y: $0.model.second) } ?? contentOffset }
    var isAnimatingScroll: Bool { scrollAnimation?.isAnimating ?? false }

    /// Scrolls to `offset`, animated when `animation` is given (from where the content is, keeping the speed
    /// of a scroll animation under way). Momentum stops.
    func scroll(toward offset: CGPoint, animation: Animation?, now: Double) {
        momentum = nil
        guard let animation else {
            scrollAnimation = nil
            scroll(to: offset)
            return
        }
        let value = scrollAnimation ?? AnimatedValue(contentOffset.animatableData)
        if value.set(offset.animatableData, animation: animation, now: now) {
            scrollAnimation = value
            node.host.startAnimating(self)
        } else {
            scrollAnimation = nil
            scroll(to: offset)
        }
    }

    /// The viewport (root coordinates) of the nearest scroll view around `node` that scrolls along `axis`; the
    /// host's bounds when there is none.
    static func viewport(enclosing node: ViewNode, along axis: Axis) -> CGRect {
        let wanted: Axis.Set = axis == .vertical ? .vertical : .horizontal
        var ancestor = node.parent
        while let a = ancestor {
            if let scroll = a.behavior as? ScrollViewBehavior, scroll.axes.contains(wanted) { return a.frame }
            ancestor = a.parent
        }
        return CGRect(origin: .zero, size: node.host.size)
    }

    // MARK: Drawing

    override func draw(into list: inout DisplayList) {
        let clips = !node.environment.current.scrollClipDisabled
        if clips { list.append(.pushClip(node.frame.raster)) }
        super.draw(into: &list)
        drawRefreshSpinner(into: &list)
        if drag?.isScrolling == true || momentum != nil { drawIndicators(into: &list) }
        if clips { list.append(.pop) }
    }

    /// While the finger scrolls: a thin bar along the trailing (bottom) edge, its length and position the
    /// viewport's share of the content.
    private func drawIndicators(into list: inout DisplayList) {
        let f = node.frame, thickness: CGFloat = 3, inset: CGFloat = 2
        let environment = node.environment.current
        let paint = Palette.scrollIndicator.paint(in: environment.colorScheme)
        let vertical = showsIndicators && environment.verticalScrollIndicatorVisibility.shows
        let horizontal = showsIndicators && environment.horizontalScrollIndicatorVisibility.shows
        if vertical, scrollsVertically, contentSize.height > f.height {
            let length = max(thickness * 4, f.height * f.height / contentSize.height)
            let y = f.minY + (f.height - length) * contentOffset.y / (contentSize.height - f.height)
            let bar = CGRect(x: f.maxX - inset - thickness, y: y, width: thickness, height: length)
            list.append(.fill(Capsule().path(in: bar).raster, paint, FillStyle()))
        }
        if horizontal, scrollsHorizontally, contentSize.width > f.width {
            let length = max(thickness * 4, f.width * f.width / contentSize.width)
            let x = f.minX + (f.width - length) * contentOffset.x / (contentSize.width - f.width)
            let bar = CGRect(x: x, y: f.maxY - inset - thickness, width: length, height: thickness)
            list.append(.fill(Capsule().path(in: bar).raster, paint, FillStyle()))
        }
    }

    // MARK: Touches

    override func handlesTouch(at point: CGPoint) -> Bool { isScrollEnabled && node.frame.contains(point) }
    /// While the content moves on its own, a touch stops it rather than pressing what is under the finger.
    override func childrenHandleTouches(at point: CGPoint) -> Bool { node.frame.contains(point) && momentum == nil }

    /// Whether a finger that moved from `start` to `point` scrolls: it went farther than the slop along a
    /// scrolling axis, and (with one axis) more along it than across.
    private func isScrollMovement(to point: CGPoint, from start: CGPoint) -> Bool {
        let dx = abs(point.x - start.x), dy = abs(point.y - start.y)
        switch (scrollsHorizontally, scrollsVertically) {
        case (true, true): return max(dx, dy) > Self.touchSlop
        case (true, false): return dx > Self.touchSlop && dx >= dy
        case (false, true): return dy > Self.touchSlop && dy >= dx
        case (false, false): return false
        }
    }

    override func claimsTouch(movedTo point: CGPoint, from start: CGPoint) -> Bool {
        node.environment.current.isScrollEnabled && (drag?.isScrolling == true || isScrollMovement(to: point, from: start))
    }

    /// `scrollDisabled`: the finger does not scroll (the content under it takes the touch).
    private var isScrollEnabled: Bool { node.environment.current.isScrollEnabled }

    override func touchBegan(at point: CGPoint) {
        momentum = nil
        scrollAnimation = nil
        node.host.cancelScrollRequests(moving: self)
        drag = (contentOffset, false)
        // The samples start with the first move: a scroll view that takes the touch from a view inside gets
        // `touchBegan` only then, with the point where it went down.
        tracker.reset()
    }

    /// The content follows the finger from where it went down.
    override func touchMoved(to point: CGPoint, from start: CGPoint) {
        guard var d = drag else { return }
        tracker.add(point, time: node.host.touchEventTime)
        if !d.isScrolling {
            guard isScrollMovement(to: point, from: start) else { return }
            d.isScrolling = true
            drag = d
            if node.environment.current.scrollDismissesKeyboardMode.dismissesOnScroll, node.host.focusedNode != nil {
                node.host.focusedNode = nil
            }
        }
        let target = CGPoint(x: d.startOffset.x + start.x - point.x, y: d.startOffset.y + start.y - point.y)
        pull(to: target.y)
        scroll(to: target)
    }

    override func touchEnded(at point: CGPoint, from start: CGPoint) {
        defer { drag = nil }
        guard let d = drag, d.isScrolling else { return }
        guard !releasePull() else { return }
        tracker.add(point, time: node.host.touchEventTime)
        // The content moves against the finger's motion.
        let v = tracker.velocity
        let velocity = CGSize(width: scrollsHorizontally ? -v.width : 0, height: scrollsVertically ? -v.height : 0)
        if let choice = node.environment.current.scrollTargetBehavior {
            settle(with: choice.behavior, velocity: velocity, from: d.startOffset)
            return
        }
        guard Self.speed(velocity) >= Self.minimumMomentumSpeed else { return }
        momentum = (velocity, contentOffset, node.host.time)
        node.host.startAnimating(self)
    }

    override func touchCancelled() {
        drag = nil
        _ = releasePull()
    }

    /// Moves to where `behavior` puts the natural resting place (the momentum's end) with a short spring.
    private func settle(with behavior: any ScrollTargetBehavior, velocity: CGSize, from startOffset: CGPoint) {
        let size = node.frame.size
        let natural = clamped(CGPoint(x: contentOffset.x + Deceleration.distance(for: velocity.width),
                                      y: contentOffset.y + Deceleration.distance(for: velocity.height)))
        var target = ScrollTarget(rect: CGRect(origin: natural, size: size))
        let context = ScrollTargetBehaviorContext(originalTarget: target, velocity: CGVector(dx: velocity.width, dy: velocity.height),
                                                  contentSize: contentSize, containerSize: size, axes: axes,
                                                  startRect: CGRect(origin: startOffset, size: size), targetFrames: scrollTargetFrames())
        behavior.updateTarget(&target, context: context)
        let end = clamped(target.rect.origin)
        scroll(toward: CGPoint(x: end.x.rounded(), y: end.y.rounded()), animation: .spring(response: 0.35, dampingFraction: 1),
               now: node.host.time)
    }

    override func destroyed() {
        momentum = nil
        scrollAnimation = nil
    }

    private static func speed(_ v: CGSize) -> CGFloat { (v.width * v.width + v.height * v.height).squareRoot() }

    /// One step of momentum: the distance the decaying velocity covers since the last step (exactly, not
    /// per frame), stopping along an axis at the content's edge. Offsets are whole points.
    func tick(_ now: Double) -> Bool {
        if let a = scrollAnimation, node.isAlive {
            let going = a.tick(now)
            scroll(to: CGPoint(x: a.presentation.first.rounded(), y: a.presentation.second.rounded()))
            if !going { scrollAnimation = nil }
            return going
        }
        guard var m = momentum, node.isAlive else { return false }
        let dt = now - m.time
        guard dt > 0 else { return true }
        let decay = Deceleration.decay(after: dt)
        let target = CGPoint(x: m.position.x + Deceleration.distance(for: m.velocity.width) * (1 - decay),
                             y: m.position.y + Deceleration.distance(for: m.velocity.height) * (1 - decay))
        let reachable = clamped(target)
        if reachable.x != target.x { m.velocity.width = 0 }
        if reachable.y != target.y { m.velocity.height = 0 }
        m.velocity = CGSize(width: m.velocity.width * decay, height: m.velocity.height * decay)
        m.position = reachable
        m.time = now
        scroll(to: CGPoint(x: reachable.x.rounded(), y: reachable.y.rounded()))
        guard Self.speed(m.velocity) >= Self.minimumMomentumSpeed else {
            momentum = nil
            return false
        }
        momentum = m
        return true
    }
}
