/// `containerRelativeFrame`: the view sized, along the axes given, from its container's size — the nearest
/// scroll view's visible size, or the display's safe area where no scroll view is around it (SwiftUI's
/// containers are also navigation columns and lists; a list here scrolls as a scroll view). Across the other
/// axis the view keeps the proposal it gets; it is placed in the frame by `alignment`.
struct ContainerRelativeFrameModifier: PrimitiveModifier {
    let axes: Axis.Set
    let alignment: Alignment
    let length: (CGFloat, Axis) -> CGFloat
    func makeBehavior() -> ModifierBehavior { ContainerRelativeFrameBehavior() }
}

final class ContainerRelativeFrameBehavior: ModifierBehavior {
    override var drawingReadsPlacement: Bool { false }  // draws from its frame, or only its children
    private var m: ContainerRelativeFrameModifier!
    override func updateModifier(_ modifier: any ViewModifier) { m = modifier.known(as: ContainerRelativeFrameModifier.self) }

    /// The nearest scroll view's visible size as it is being laid out, or the safe area's.
    private var containerSize: CGSize {
        var n = node.parent
        while let p = n {
            if let scroll = p.behavior as? ScrollViewBehavior, let size = scroll.viewportSize { return size }
            n = p.parent
        }
        return node.host.safeRect.size
    }

    private func proposal(_ p: ProposedViewSize) -> ProposedViewSize {
        let c = containerSize
        var q = p
        if m.axes.contains(.horizontal) { q.width = max(0, m.length(c.width, .horizontal)) }
        if m.axes.contains(.vertical) { q.height = max(0, m.length(c.height, .vertical)) }
        return q
    }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        let q = self.proposal(proposal)
        let s = node.contentUnit.sizeThatFits(q)
        return CGSize(width: m.axes.contains(.horizontal) ? q.width ?? s.width : s.width,
                      height: m.axes.contains(.vertical) ? q.height ?? s.height : s.height)
    }

    override func place(in bounds: CGRect) {
        let unit = node.contentUnit
        let q = proposal(ProposedViewSize(bounds.size))
        let s = unit.sizeThatFits(q)
        let outer = ViewDimensions(size: bounds.size)
        let inner = ViewDimensions(size: s) { unit.alignmentGuide($0, in: s) }
        unit.place(in: CGRect(x: bounds.minX + outer[m.alignment.horizontal] - inner[m.alignment.horizontal],
                              y: bounds.minY + outer[m.alignment.vertical] - inner[m.alignment.vertical],
                              width: s.width, height: s.height), proposal: q)
    }
}

extension View {
    /// Sizes the view along `axes` to its container's size (a page of a horizontal scroll view).
    public func containerRelativeFrame(_ axes: Axis.Set, alignment: Alignment = .center) -> some View {
        modifier(ContainerRelativeFrameModifier(axes: axes, alignment: alignment, length: { length, _ in length }))
    }

    /// Sizes the view along `axes` to `span` of `count` equal parts of its container, with `spacing` between
    /// parts (`count: 3, span: 2` with spacing 10 in 320 points: two parts of 100 and the 10 between them).
    public func containerRelativeFrame(_ axes: Axis.Set, count: Int, span: Int = 1, spacing: CGFloat,
                                       alignment: Alignment = .center) -> some View {
        modifier(ContainerRelativeFrameModifier(axes: axes, alignment: alignment, length: { length, _ in
            let n = CGFloat(max(1, count)), k = CGFloat(max(1, span))
            let part = (length - spacing * (n - 1)) / n
            return part * k + spacing * (k - 1)
        }))
    }

    /// Sizes the view along `axes` to what `length` makes of its container's length on each axis.
    public func containerRelativeFrame(_ axes: Axis.Set, alignment: Alignment = .center,
                                       _ length: @escaping (CGFloat, Axis) -> CGFloat) -> some View {
        modifier(ContainerRelativeFrameModifier(axes: axes, alignment: alignment, length: length))
    }
}
