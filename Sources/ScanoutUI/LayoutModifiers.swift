import ScanoutRender

// MARK: padding

struct PaddingModifier: PrimitiveModifier {
    let insets: EdgeInsets
    func makeBehavior() -> ModifierBehavior { PaddingBehavior() }
}

final class PaddingBehavior: ModifierBehavior {
    override var drawingReadsPlacement: Bool { false }  // draws from its frame, or only its children
    var insets = EdgeInsets()
    override func updateModifier(_ modifier: any ViewModifier) { insets = modifier.known(as: PaddingModifier.self).insets }

    private func inner(_ p: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: p.width.map { max(0, $0 - insets.leading - insets.trailing) },
                         height: p.height.map { max(0, $0 - insets.top - insets.bottom) })
    }

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
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
        let l = length ?? 16
        return modifier(PaddingModifier(insets: EdgeInsets(top: edges.contains(.top) ? l : 0, leading: edges.contains(.leading) ? l : 0,
                                                           bottom: edges.contains(.bottom) ? l : 0, trailing: edges.contains(.trailing) ? l : 0)))
    }
    public func padding(_ length: CGFloat) -> some View { padding(.all, length) }
    public func padding(_ insets: EdgeInsets) -> some View { modifier(PaddingModifier(insets: insets)) }
}

// MARK: frame

/// `frame(width:height:alignment:)` and the flexible `frame(minWidth:...)` in one: each dimension is either
/// fixed, or the proposal clamped to [min, max] (a missing bound being the content's own size).
struct FrameModifier: PrimitiveModifier, Equatable {
    var width: CGFloat?, height: CGFloat?
    var minWidth: CGFloat?, idealWidth: CGFloat?, maxWidth: CGFloat?
    var minHeight: CGFloat?, idealHeight: CGFloat?, maxHeight: CGFloat?
    var alignment: Alignment
    var flexible: Bool
    func makeBehavior() -> ModifierBehavior { FrameBehavior() }
}

final class FrameBehavior: ModifierBehavior, AnimationTicking {
    override var drawingReadsPlacement: Bool { false }  // draws from its frame, or only its children
    /// The frame laid out: the model's, with a fixed width and height at their presentation values while a
    /// change of them animates (`.frame(width:)` changed inside `withAnimation`).
    var f: FrameModifier!
    private var model: FrameModifier?
    private var size: AnimatedValue<CGSize.AnimatableData>?

    override func updateModifier(_ modifier: any ViewModifier) {
        let m = modifier.known(as: FrameModifier.self)
        defer { model = m; f = presented }
        let target = CGSize(width: m.width ?? 0, height: m.height ?? 0).animatableData
        // Only a fixed size that keeps its shape (the same dimensions given) is interpolated; anything else jumps.
        guard let old = model, let size, !m.flexible, !old.flexible,
              (old.width == nil) == (m.width == nil), (old.height == nil) == (m.height == nil) else {
            size = AnimatedValue(target)
            return
        }
        if size.set(target, animation: node.animationForChange(), now: node.host.time) { node.host.startAnimating(self) }
    }

    private var presented: FrameModifier {
        guard var p = model else { return f }
        if let s = size, s.isAnimating {
            if p.width != nil { p.width = s.presentation.first }
            if p.height != nil { p.height = s.presentation.second }
        }
        return p
    }

    func tick(_ now: Double) -> Bool {
        let active = size?.tick(now) ?? false
        f = presented
        node.invalidateLayout()  // the size changed: this node and its ancestors measure again
        node.host.setNeedsLayout()
        return active
    }

    private func clamp(_ v: CGFloat, _ lo: CGFloat?, _ hi: CGFloat?) -> CGFloat {
        var r = v
        if let hi { r = min(r, hi) }
        if let lo { r = max(r, lo) }
        return r
    }

    private func childProposal(_ p: ProposedViewSize) -> ProposedViewSize {
        if !f.flexible { return ProposedViewSize(width: f.width ?? p.width, height: f.height ?? p.height) }
        let w = p.width.map { clamp($0, f.minWidth, f.maxWidth) } ?? f.idealWidth
        let h = p.height.map { clamp($0, f.minHeight, f.maxHeight) } ?? f.idealHeight
        return ProposedViewSize(width: w, height: h)
    }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
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
        let p = childProposal(ProposedViewSize(size))
        let unit = node.contentUnit
        let s = unit.sizeThatFits(p)
        let outer = ViewDimensions(size: size)
        let inner = ViewDimensions(size: s) { unit.alignmentGuide($0, in: s) }
        return (p, CGRect(x: outer[f.alignment.horizontal] - inner[f.alignment.horizontal],
                          y: outer[f.alignment.vertical] - inner[f.alignment.vertical], width: s.width, height: s.height))
    }

    override func place(in bounds: CGRect) {
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
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        modifier(FrameModifier(width: width, height: height, alignment: alignment, flexible: false))
    }

    /// A flexible frame: the proposal clamped to the given bounds.
    public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
                      minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
                      alignment: Alignment = .center) -> some View {
        modifier(FrameModifier(minWidth: minWidth, idealWidth: idealWidth, maxWidth: maxWidth,
                               minHeight: minHeight, idealHeight: idealHeight, maxHeight: maxHeight, alignment: alignment, flexible: true))
    }
}

// MARK: offset, position, fixedSize, layoutPriority, hidden

struct OffsetModifier: PrimitiveModifier {
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
        let o = modifier.known(as: OffsetModifier.self).offset.animatableData
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

struct FixedSizeModifier: PrimitiveModifier {
    let horizontal: Bool, vertical: Bool
    func makeBehavior() -> ModifierBehavior { FixedSizeBehavior() }
}

/// Proposes nil (ideal size) in the fixed dimensions.
final class FixedSizeBehavior: ModifierBehavior {
    override var drawingReadsPlacement: Bool { false }  // draws from its frame, or only its children
    var m = FixedSizeModifier(horizontal: true, vertical: true)
    override func updateModifier(_ modifier: any ViewModifier) { m = modifier.known(as: FixedSizeModifier.self) }
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
    public func offset(_ offset: CGSize) -> some View { modifier(OffsetModifier(offset: offset)) }
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View { offset(CGSize(width: x, height: y)) }
    /// Centres the view at `position` in its parent's space, taking all the space offered.
    public func position(_ position: CGPoint) -> some View { modifier(PositionModifier(position: position)) }
    public func position(x: CGFloat = 0, y: CGFloat = 0) -> some View { position(CGPoint(x: x, y: y)) }
    /// The view at its ideal size in the given dimensions, whatever is proposed.
    public func fixedSize(horizontal: Bool, vertical: Bool) -> some View { modifier(FixedSizeModifier(horizontal: horizontal, vertical: vertical)) }
    public func fixedSize() -> some View { fixedSize(horizontal: true, vertical: true) }
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
