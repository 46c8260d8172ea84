import ScanoutRender

// MARK: padding

/// The modifier `padding` applies (public so that `padding` returns a concrete type: see `offset`).
public struct _PaddingLayout: PrimitiveModifier {
    public func body(content: Content) -> Never { fatalError("\(Self.self) is a built-in modifier") }
    let insets: EdgeInsets
    @usableFromInline init(insets: EdgeInsets) { self.insets = insets }
    func makeBehavior() -> ModifierBehavior { PaddingBehavior() }
}

final class PaddingBehavior: ModifierBehavior {
    override var drawingReadsPlacement: Bool { false }  // draws from its frame, or only its children
    var insets = EdgeInsets()
    override func updateModifier(_ modifier: any ViewModifier) { insets = modifier.known(as: _PaddingLayout.self).insets }

    private func inner(_ p: ProposedViewSize) -> ProposedViewSize {
        // (if-let, not `map`: a closure here would be main-actor isolated and check the executor each call.)
        var inner = p
        if let w = p.width { inner.width = max(0, w - insets.leading - insets.trailing) }
        if let h = p.height { inner.height = max(0, h - insets.top - insets.bottom) }
        return inner
    }

    override func sizeIgnoresProposedHeight() -> Bool { node.subviewsIgnoreProposedHeight }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        let s = node.contentUnit.sizeThatFits(inner(proposal))
        return CGSize(width: s.width + insets.leading + insets.trailing, height: s.height + insets.top + insets.bottom)
    }

    override func place(in bounds: CGRect) {
        let r = CGRect(x: bounds.minX + insets.leading, y: bounds.minY + insets.top,
                       width: max(0, bounds.width - insets.leading - insets.trailing),
                       height: max(0, bounds.height - insets.top - insets.bottom))
        node.contentUnit.place(in: r, proposal: ProposedViewSize(r.size))
    }

    override func alignmentGuide(_ key: AlignmentKey, in size: CGSize) -> CGFloat? {
        let inner = CGSize(width: max(0, size.width - insets.leading - insets.trailing),
                           height: max(0, size.height - insets.top - insets.bottom))
        return node.contentUnit.alignmentGuide(key, in: inner).map { $0 + (key.horizontal ? insets.leading : insets.top) }
    }
}

extension View {
    /// Adds space around the view: `length` on `edges` (SwiftUI's default length is 16).
    @inlinable
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> ModifiedContent<Self, _PaddingLayout> {
        modifier(_PaddingLayout(insets: EdgeInsets(edges, length ?? 16)))
    }
    @inlinable
    public func padding(_ length: CGFloat) -> ModifiedContent<Self, _PaddingLayout> { padding(.all, length) }
    @inlinable
    public func padding(_ insets: EdgeInsets) -> ModifiedContent<Self, _PaddingLayout> { modifier(_PaddingLayout(insets: insets)) }
}

// MARK: frame

/// `frame(width:height:alignment:)` and the flexible `frame(minWidth:...)` in one: each dimension is either
/// fixed, or the proposal clamped to [min, max] (a missing bound being the content's own size).
public struct _FrameLayout: PrimitiveModifier, Equatable {
    public func body(content: Content) -> Never { fatalError("\(Self.self) is a built-in modifier") }
    var width: CGFloat?, height: CGFloat?
    var minWidth: CGFloat?, idealWidth: CGFloat?, maxWidth: CGFloat?
    var minHeight: CGFloat?, idealHeight: CGFloat?, maxHeight: CGFloat?
    var alignment: Alignment
    var flexible: Bool
    func makeBehavior() -> ModifierBehavior { FrameBehavior() }

    /// A dimension as given, or nil when it is negative or not finite (a maximum may be infinite): SwiftUI
    /// logs "Invalid frame dimension" and ignores it, and so does Scanout (an app's computed NaN must not
    /// take the layout, or the panel, down).
    static func valid(_ value: CGFloat?, infinite: Bool = false) -> CGFloat? {
        guard let value else { return nil }
        if value >= 0 && (value.isFinite || infinite) { return value }
        if !reportedInvalidDimension {
            reportedInvalidDimension = true
            AppLog.error("scanout: invalid frame dimension \(value) (negative or non-finite) ignored; further ones are not reported")
        }
        return nil
    }
    nonisolated(unsafe) private static var reportedInvalidDimension = false
}

extension _FrameLayout {
    /// The bounds by index, in `FrameBounds` order: width, height, min/ideal/max width, min/ideal/max height.
    subscript(bound i: Int) -> CGFloat? {
        get {
            switch i {
            case 0: width
            case 1: height
            case 2: minWidth
            case 3: idealWidth
            case 4: maxWidth
            case 5: minHeight
            case 6: idealHeight
            default: maxHeight
            }
        }
        set {
            switch i {
            case 0: width = newValue
            case 1: height = newValue
            case 2: minWidth = newValue
            case 3: idealWidth = newValue
            case 4: maxWidth = newValue
            case 5: minHeight = newValue
            case 6: idealHeight = newValue
            default: maxHeight = newValue
            }
        }
    }

    /// The finite bounds as numbers to interpolate (0 for the others).
    var boundValues: FrameBounds {
        var b = FrameBounds()
        for i in 0..<FrameBounds.count {
            if let v = self[bound: i], v.isFinite { b.values[i] = v }
        }
        return b
    }

    /// Whether bound `i` is a finite number both here and in `other`: only such a bound interpolates
    /// (infinity minus anything is no distance to cover).
    func sharesBound(_ i: Int, with other: _FrameLayout) -> Bool {
        guard let a = self[bound: i], let b = other[bound: i] else { return false }
        return a.isFinite && b.isFinite
    }

    /// Whether the size in one dimension depends on the proposal and the content as it does under `other`,
    /// only through different numbers: the same kind of frame, and each bound shared or the same (absent, or
    /// infinite).
    func keepsShape(of other: _FrameLayout, horizontal: Bool) -> Bool {
        guard flexible == other.flexible else { return false }
        for i in 0..<FrameBounds.count where FrameBounds.isHorizontal(i) == horizontal {
            if !sharesBound(i, with: other) && self[bound: i] != other[bound: i] { return false }
        }
        return true
    }
}

/// A frame's eight bounds as one animatable vector, in `_FrameLayout[bound:]` order. A bound that is absent
/// or infinite is 0 here: the frame takes it from the model.
struct FrameBounds: VectorArithmetic {
    static let count = 8
    /// Whether bound `i` is a width (else a height).
    static func isHorizontal(_ i: Int) -> Bool { i == 0 || (2...4).contains(i) }
    var values = SIMD8<Double>()
    static var zero: Self { Self() }
    static func + (a: Self, b: Self) -> Self { Self(values: a.values + b.values) }
    static func - (a: Self, b: Self) -> Self { Self(values: a.values - b.values) }
    mutating func scale(by rhs: Double) { values *= rhs }
    var magnitudeSquared: Double { (values * values).sum() }
}

/// Which of a frame's two dimensions something applies to.
private struct FrameDimensions: Equatable {
    var width = false, height = false
    static let both = FrameDimensions(width: true, height: true)
    var isEmpty: Bool { !width && !height }
    subscript(horizontal: Bool) -> Bool {
        get { horizontal ? width : height }
        set { if horizontal { width = newValue } else { height = newValue } }
    }
    func union(_ o: Self) -> Self { Self(width: width || o.width, height: height || o.height) }
}

extension AnimatablePair where First == Double, Second == Double {
    /// The width (`first`) or the height (`second`) of a size's animatable data.
    fileprivate subscript(horizontal: Bool) -> Double {
        get { horizontal ? first : second }
        set { if horizontal { first = newValue } else { second = newValue } }
    }
}

extension CGSize {
    fileprivate subscript(horizontal: Bool) -> CGFloat {
        get { horizontal ? width : height }
        set { if horizontal { width = newValue } else { height = newValue } }
    }
}

/// A change of shape being carried over in the layout passes of the frame it was made in (see `FrameBehavior`).
private enum ShapeChange {
    /// Next placement: the size of the presentation from before the change, as this frame lays it out.
    case measuringPresented(Animation, FrameDimensions)
    /// Next placement: the size the new bounds give; the laid-out size then animates from `from` to it.
    case measuringTarget(Animation, FrameDimensions, from: CGSize)
}

/// Lays out a frame, and animates a change of it made inside `withAnimation` (or under `.animation(_:value:)`):
/// - Bounds given as numbers before and after (a fixed width, a `maxWidth`, …) are interpolated, each on the
///   delta from its presentation, keeping its velocity when interrupted.
/// - A change of shape in a dimension (fixed ↔ flexible, a bound appearing or going, a bound to or from
///   infinity) changes what the size depends on, so its bounds have no numbers to start from. As SwiftUI
///   animates geometry rather than the modifier, the laid-out size animates instead: in the frame of the
///   change the frame is laid out once with the presentation from before and once with the new bounds (the
///   proposal that places it is not known here, so the layout measures it), and until the animation ends the
///   size in that dimension is pinned to a value animating from the one to the other, whatever the proposal
///   (a pinned size is idempotent when a parent proposes it back; an offset added to the proposal's answer
///   is not). The content is offered the pinned size, so it follows as it does a fixed frame's.
/// - An alignment change jumps.
/// The pinned size ends at the size measured in the frame of the change: if what the frame is offered changes
/// while it runs (the container resized, a sibling moving for another reason), it ends with a step to the new
/// layout.
final class FrameBehavior: ModifierBehavior, AnimationTicking {
    override var drawingReadsPlacement: Bool { false }  // draws from its frame, or only its children
    /// The frame laid out: the model, with its numeric bounds at their presentation values.
    var f: _FrameLayout!
    private var model: _FrameLayout?
    private let animatedBounds = AnimatedValue(FrameBounds.zero)
    /// The laid-out size in the pinned dimensions, while a change of shape animates.
    private let pinnedSize = AnimatedValue(CGSize.AnimatableData.zero)
    private var pinned = FrameDimensions()
    private var shapeChange: ShapeChange?

    override func updateModifier(_ modifier: any ViewModifier) {
        let m = modifier.known(as: _FrameLayout.self)
        guard m != model else { return }
        let old = model
        model = m
        let target = m.boundValues
        guard let old, let animation = node.animationForChange() else {
            // The first value, or a change without animation: all at once, an animation under way included.
            animatedBounds.jump(to: target)
            pinnedSize.jump(to: .zero)
            pinned = FrameDimensions()
            shapeChange = nil
            f = m
            return
        }
        // The dimensions whose laid-out size animates: those changing shape, and those it animates already.
        var resized = pinned
        if case let .measuringPresented(_, d)? = shapeChange { resized = resized.union(d) }
        if case let .measuringTarget(_, d, _)? = shapeChange { resized = resized.union(d) }
        for horizontal in [true, false] where !m.keepsShape(of: old, horizontal: horizontal) { resized[horizontal] = true }
        // Elsewhere bounds given before and after continue from their presentation and velocity; the rest
        // start at their target.
        var from = animatedBounds.presentation, velocity = animatedBounds.velocity
        for i in 0..<FrameBounds.count where resized[FrameBounds.isHorizontal(i)] || !m.sharesBound(i, with: old) {
            from.values[i] = target.values[i]
            velocity.values[i] = 0
        }
        var animating = animatedBounds.set(target, from: from, velocity: velocity, animation: animation, now: node.host.time)
        switch shapeChange {
        case nil where resized.isEmpty:
            f = presented
        case nil, .measuringPresented:
            // `f` stays the presentation from before until this frame's layout has measured it.
            shapeChange = .measuringPresented(animation, resized)
            animating = true
        case let .measuringTarget(_, _, size):  // a change made during layout (views made by it)
            shapeChange = .measuringTarget(animation, resized, from: size)
            f = presented
            animating = true
        }
        if animating { node.host.startAnimating(self) }
    }

    private var presented: _FrameLayout {
        guard var p = model else { return f }
        let b = animatedBounds.presentation
        for i in 0..<FrameBounds.count where p[bound: i]?.isFinite == true { p[bound: i] = b.values[i] }
        return p
    }

    func tick(_ now: Double) -> Bool {
        let moving = animatedBounds.tick(now)
        let resizing = pinnedSize.tick(now)
        if !resizing { pinned = FrameDimensions() }  // (ends at the size the bounds give)
        // A change of shape still being measured was not placed in its frame (not laid out): it has jumped.
        shapeChange = nil
        f = presented
        node.invalidateLayout()  // the size changed: this node and its ancestors measure again
        node.host.setNeedsLayout()
        return moving || resizing
    }

    /// One step of carrying a change of shape over, at a placement in `size`; each step lays out again.
    private func measure(_ change: ShapeChange, placedAt size: CGSize) {
        switch change {
        case let .measuringPresented(animation, resized):
            shapeChange = .measuringTarget(animation, resized, from: size)
            pinned = FrameDimensions()
            f = presented
        case let .measuringTarget(animation, resized, from):
            shapeChange = nil
            // A dimension pinned before keeps its velocity (one that was not has none; a bounds animation it
            // interrupts hands over its position only); one whose size does not change, or is not finite, is
            // left to the bounds.
            var start = CGSize.AnimatableData.zero, end = start, velocity = pinnedSize.velocity
            for horizontal in [true, false] {
                let a = from[horizontal], b = size[horizontal]
                let moves = resized[horizontal] && a.isFinite && b.isFinite && (a != b || velocity[horizontal] != 0)
                start[horizontal] = moves ? a : b
                end[horizontal] = b
                if !moves { velocity[horizontal] = 0 }
                pinned[horizontal] = moves
            }
            guard pinnedSize.set(end, from: start, velocity: velocity, animation: animation, now: node.host.time) else {
                pinned = FrameDimensions()
                return  // laid out at the target already
            }
        }
        node.invalidateLayout()
        node.host.setNeedsLayout()
    }

    private func clamp(_ v: CGFloat, _ lo: CGFloat?, _ hi: CGFloat?) -> CGFloat {
        var r = v
        if let hi { r = min(r, hi) }
        if let lo { r = max(r, lo) }
        return r
    }

    private func childProposal(_ p: ProposedViewSize) -> ProposedViewSize {
        if !f.flexible { return ProposedViewSize(width: f.width ?? p.width, height: f.height ?? p.height) }
        var w = f.idealWidth, h = f.idealHeight
        if let pw = p.width { w = clamp(pw, f.minWidth, f.maxWidth) }
        if let ph = p.height { h = clamp(ph, f.minHeight, f.maxHeight) }
        return ProposedViewSize(width: w, height: h)
    }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        let g = pinnedSize.presentation
        // (A spring may overshoot below zero.)
        if pinned == .both { return CGSize(width: max(0, g.first), height: max(0, g.second)) }
        var s = boundedSize(proposal)
        if pinned.width { s.width = max(0, g.first) }
        if pinned.height { s.height = max(0, g.second) }
        return s
    }

    /// The size the bounds give.
    private func boundedSize(_ proposal: ProposedViewSize) -> CGSize {
        // A fixed width and height are the size whatever the content's (which is measured when placed).
        if !f.flexible, let w = f.width, let h = f.height { return CGSize(width: w, height: h) }
        let child = node.contentUnit.sizeThatFits(childProposal(proposal))
        if !f.flexible { return CGSize(width: f.width ?? child.width, height: f.height ?? child.height) }
        func dim(_ proposed: CGFloat?, _ ideal: CGFloat?, _ lo: CGFloat?, _ hi: CGFloat?, _ c: CGFloat) -> CGFloat {
            if lo == nil && hi == nil { return c }
            let p = proposed ?? ideal ?? c
            var r = min(p, hi ?? c)
            r = max(r, lo ?? c)
            return r
        }
        return CGSize(width: dim(proposal.width, f.idealWidth, f.minWidth, f.maxWidth, child.width),
                      height: dim(proposal.height, f.idealHeight, f.minHeight, f.maxHeight, child.height))
    }

    /// The content's proposal and frame inside a frame of `size` at the origin.
    private func content(in size: CGSize) -> (proposal: ProposedViewSize, frame: CGRect) {
        var p = childProposal(ProposedViewSize(size))
        // A pinned dimension offers its size on screen, not the new bounds (which would clamp the content to
        // its end size at once): a colour fills the frame as it grows.
        if pinned.width { p.width = size.width }
        if pinned.height { p.height = size.height }
        let unit = node.contentUnit
        let s = unit.sizeThatFits(p)
        let outer = ViewDimensions(size: size)
        let inner = ViewDimensions(size: s) { unit.alignmentGuide($0, in: s) }
        return (p, CGRect(x: outer[f.alignment.horizontal] - inner[f.alignment.horizontal],
                          y: outer[f.alignment.vertical] - inner[f.alignment.vertical], width: s.width, height: s.height))
    }

    override func place(in bounds: CGRect) {
        if let change = shapeChange { measure(change, placedAt: bounds.size) }
        let (p, r) = content(in: bounds.size)
        node.contentUnit.place(in: r.offsetBy(dx: bounds.minX, dy: bounds.minY), proposal: p)
    }

    /// The content's explicit guides, where the content sits in the frame.
    override func alignmentGuide(_ key: AlignmentKey, in size: CGSize) -> CGFloat? {
        let r = content(in: size).frame
        return node.contentUnit.alignmentGuide(key, in: r.size).map { $0 + (key.horizontal ? r.minX : r.minY) }
    }
}

extension View {
    /// A fixed size in either dimension (nil: the content's own).
    @inlinable
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> ModifiedContent<Self, _FrameLayout> {
        modifier(_FrameLayout.fixed(width: width, height: height, alignment: alignment))
    }

    /// A flexible frame: the proposal clamped to the given bounds.
    @inlinable
    public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
                      minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
                      alignment: Alignment = .center) -> ModifiedContent<Self, _FrameLayout> {
        modifier(_FrameLayout.flexible(minWidth: minWidth, idealWidth: idealWidth, maxWidth: maxWidth,
                                       minHeight: minHeight, idealHeight: idealHeight, maxHeight: maxHeight, alignment: alignment))
    }
}

extension _FrameLayout {
    /// `frame(width:height:alignment:)`'s modifier (invalid dimensions dropped, as `valid` says).
    @usableFromInline
    static func fixed(width: CGFloat?, height: CGFloat?, alignment: Alignment) -> _FrameLayout {
        _FrameLayout(width: valid(width), height: valid(height), alignment: alignment, flexible: false)
    }

    /// The flexible `frame(minWidth:...)`'s modifier.
    @usableFromInline
    static func flexible(minWidth: CGFloat?, idealWidth: CGFloat?, maxWidth: CGFloat?,
                         minHeight: CGFloat?, idealHeight: CGFloat?, maxHeight: CGFloat?, alignment: Alignment) -> _FrameLayout {
        _FrameLayout(minWidth: valid(minWidth), idealWidth: valid(idealWidth), maxWidth: valid(maxWidth, infinite: true),
                     minHeight: valid(minHeight), idealHeight: valid(idealHeight), maxHeight: valid(maxHeight, infinite: true),
                     alignment: alignment, flexible: true)
    }
}

// MARK: offset, position, fixedSize, layoutPriority, hidden

/// The modifier `offset` applies. Built-in modifiers used on every label and shape return concrete types
/// (`ModifiedContent<Self, _OffsetEffect>`, as SwiftUI's older API did) rather than `some View`: a body's
/// chain of opaque types is resolved by the runtime on every evaluation (type lookups by mangled name,
/// thousands of instructions per body), a chain of concrete ones at compile time.
public struct _OffsetEffect: PrimitiveModifier {
    public func body(content: Content) -> Never { fatalError("\(Self.self) is a built-in modifier") }
    let offset: CGSize
    func makeBehavior() -> ModifierBehavior { OffsetBehavior() }
}

/// Moves the drawing (and touches) without changing layout.
final class OffsetBehavior: ModifierBehavior, AnimationTicking {
    override var drawingReadsPlacement: Bool { false }  // draws from its frame, or only its children
    private var value: AnimatedValue<CGSize.AnimatableData>?
    /// The offset drawn (the presentation value while animating).
    var offset: CGSize {
        guard let p = value?.presentation else { return .zero }
        return CGSize(width: p.first, height: p.second)
    }

    override func updateModifier(_ modifier: any ViewModifier) {
        let o = modifier.known(as: _OffsetEffect.self).offset.animatableData
        guard let value else { value = AnimatedValue(o); return }
        if value.set(o, animation: node.animationForChange(), now: node.host.time) { node.host.startAnimating(self) }
    }

    func tick(_ now: Double) -> Bool {
        let active = value?.tick(now) ?? false
        node.setNeedsPlacement()
        return active
    }

    override func place(in bounds: CGRect) {
        node.contentUnit.place(in: bounds.offsetBy(dx: offset.width, dy: offset.height), proposal: ProposedViewSize(bounds.size))
    }
}

struct PositionModifier: PrimitiveModifier {
    let position: CGPoint
    func makeBehavior() -> ModifierBehavior { PositionBehavior() }
}

/// Takes the whole proposal (the content's size in an unspecified dimension), proposes its own size to the
/// content and centres the content at `position` (in its own coordinates).
final class PositionBehavior: ModifierBehavior {
    var position = CGPoint.zero
    override func updateModifier(_ modifier: any ViewModifier) { position = modifier.known(as: PositionModifier.self).position }
    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        if let w = proposal.width, let h = proposal.height { return CGSize(width: w, height: h) }
        let s = node.contentUnit.sizeThatFits(proposal)
        return CGSize(width: proposal.width ?? s.width, height: proposal.height ?? s.height)
    }
    override func place(in bounds: CGRect) {
        let unit = node.contentUnit
        let p = ProposedViewSize(bounds.size)
        let s = unit.sizeThatFits(p)
        unit.place(in: CGRect(x: bounds.minX + position.x - s.width / 2, y: bounds.minY + position.y - s.height / 2,
                              width: s.width, height: s.height), proposal: p)
    }
    override func alignmentGuide(_ key: AlignmentKey, in size: CGSize) -> CGFloat? { nil }
}

/// The modifier `fixedSize` applies (public so that `fixedSize` returns a concrete type: see `_OffsetEffect`).
public struct _FixedSizeLayout: PrimitiveModifier {
    public func body(content: Content) -> Never { fatalError("\(Self.self) is a built-in modifier") }
    let horizontal: Bool, vertical: Bool
    func makeBehavior() -> ModifierBehavior { FixedSizeBehavior() }
}

/// Proposes nil (ideal size) in the fixed dimensions.
final class FixedSizeBehavior: ModifierBehavior {
    override var drawingReadsPlacement: Bool { false }  // draws from its frame, or only its children
    var m = _FixedSizeLayout(horizontal: true, vertical: true)
    override func updateModifier(_ modifier: any ViewModifier) { m = modifier.known(as: _FixedSizeLayout.self) }
    private func fixed(_ p: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: m.horizontal ? nil : p.width, height: m.vertical ? nil : p.height)
    }
    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { node.contentUnit.sizeThatFits(fixed(proposal)) }
    override func place(in bounds: CGRect) {
        let unit = node.contentUnit
        let p = fixed(ProposedViewSize(bounds.size))
        let s = unit.sizeThatFits(p)
        unit.place(in: CGRect(x: bounds.midX - s.width / 2, y: bounds.midY - s.height / 2, width: s.width, height: s.height), proposal: p)
    }
}

struct LayoutPriorityModifier: PrimitiveModifier {
    let priority: Double
    func makeBehavior() -> ModifierBehavior { LayoutPriorityBehavior() }
}

final class LayoutPriorityBehavior: ModifierBehavior {
    var priority = 0.0
    override func updateModifier(_ modifier: any ViewModifier) { priority = modifier.known(as: LayoutPriorityModifier.self).priority }
    override var layoutPriority: Double { priority }
}

struct HiddenModifier: PrimitiveModifier {
    func makeBehavior() -> ModifierBehavior { HiddenBehavior() }
}

/// Keeps the layout, draws nothing, takes no touches.
final class HiddenBehavior: ModifierBehavior {
    override func draw(into list: inout DisplayList) {}
}

extension View {
    /// Moves the view's drawing by `offset`; its layout does not change.
    public func offset(_ offset: CGSize) -> ModifiedContent<Self, _OffsetEffect> { modifier(_OffsetEffect(offset: offset)) }
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> ModifiedContent<Self, _OffsetEffect> { offset(CGSize(width: x, height: y)) }
    /// Centres the view at `position` in its parent's space, taking all the space offered.
    public func position(_ position: CGPoint) -> some View { modifier(PositionModifier(position: position)) }
    public func position(x: CGFloat = 0, y: CGFloat = 0) -> some View { position(CGPoint(x: x, y: y)) }
    /// The view at its ideal size in the given dimensions, whatever is proposed.
    public func fixedSize(horizontal: Bool, vertical: Bool) -> ModifiedContent<Self, _FixedSizeLayout> { modifier(_FixedSizeLayout(horizontal: horizontal, vertical: vertical)) }
    public func fixedSize() -> ModifiedContent<Self, _FixedSizeLayout> { fixedSize(horizontal: true, vertical: true) }
    /// Stacks offer space to higher priorities first.
    public func layoutPriority(_ value: Double) -> some View { modifier(LayoutPriorityModifier(priority: value)) }
    /// Keeps the space, draws nothing.
    public func hidden() -> some View { modifier(HiddenModifier()).allowsHitTesting(false) }
}

// MARK: aspectRatio

struct AspectRatioModifier: PrimitiveModifier {
    let ratio: CGFloat?
    let contentMode: ContentMode
    func makeBehavior() -> ModifierBehavior { AspectRatioBehavior() }
}

/// Without a ratio, asks the content for its ideal size (a nil proposal) to learn it; then fits (or fills) a
/// rectangle of that ratio in the proposal and proposes that: the content is proposed twice.
final class AspectRatioBehavior: ModifierBehavior {
    var m = AspectRatioModifier(ratio: nil, contentMode: .fit)
    override func updateModifier(_ modifier: any ViewModifier) { m = modifier.known(as: AspectRatioModifier.self) }

    private func target(_ p: ProposedViewSize) -> ProposedViewSize {
        let unit = node.contentUnit
        let ratio: CGFloat
        if let r = m.ratio {
            ratio = r
        } else {
            let ideal = unit.sizeThatFits(.unspecified)
            ratio = ideal.height > 0 ? ideal.width / ideal.height : 1
        }
        guard ratio > 0, ratio.isFinite else { return p }
        switch (p.width, p.height) {
        case (nil, nil):
            let ideal = unit.sizeThatFits(.unspecified)
            return ProposedViewSize(width: ideal.width, height: ideal.width / ratio)
        case let (w?, nil): return ProposedViewSize(width: w, height: w / ratio)
        case let (nil, h?): return ProposedViewSize(width: h * ratio, height: h)
        case let (w?, h?):
            let fitByWidth = (m.contentMode == .fit) == (w / ratio <= h)
            return fitByWidth ? ProposedViewSize(width: w, height: w / ratio) : ProposedViewSize(width: h * ratio, height: h)
        }
    }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { node.contentUnit.sizeThatFits(target(proposal)) }

    override func alignmentGuide(_ key: AlignmentKey, in size: CGSize) -> CGFloat? { nil }

    override func place(in bounds: CGRect) {
        let p = target(ProposedViewSize(bounds.size))
        let unit = node.contentUnit
        let s = unit.sizeThatFits(p)
        unit.place(in: CGRect(x: bounds.midX - s.width / 2, y: bounds.midY - s.height / 2, width: s.width, height: s.height), proposal: p)
    }
}

extension View {
    /// Constrains the view to a width/height ratio (nil: its ideal size's ratio), fitting or filling the proposal.
    public func aspectRatio(_ ratio: CGFloat? = nil, contentMode: ContentMode) -> some View {
        modifier(AspectRatioModifier(ratio: ratio, contentMode: contentMode))
    }
    public func aspectRatio(_ ratio: CGSize, contentMode: ContentMode) -> some View {
        aspectRatio(ratio.height > 0 ? ratio.width / ratio.height : nil, contentMode: contentMode)
    }
    public func scaledToFit() -> some View { aspectRatio(contentMode: .fit) }
    public func scaledToFill() -> some View { aspectRatio(contentMode: .fill) }
}
