/// `alignmentGuide(_:computeValue:)`: sets one of the view's alignment guides to a value computed from its
/// dimensions, so that containers aligning on that guide (stacks, frames, `ZStack`) line it up instead of
/// the default. Other guides are the content's.
struct AlignmentGuideModifier: PrimitiveModifier {
    let key: AlignmentKey
    let computeValue: (ViewDimensions) -> CGFloat
    func makeBehavior() -> ModifierBehavior { AlignmentGuideBehavior() }
}

final class AlignmentGuideBehavior: ModifierBehavior {
    var m: AlignmentGuideModifier!
    override func updateModifier(_ modifier: any ViewModifier) {
        m = modifier.known(as: AlignmentGuideModifier.self)
        node.host.hasExplicitAlignmentGuides = true
    }

    override func alignmentGuide(_ key: AlignmentKey, in size: CGSize) -> CGFloat? {
        let content = node.contentUnit
        guard key == m.key else { return content.alignmentGuide(key, in: size) }
        return m.computeValue(ViewDimensions(size: size) { content.alignmentGuide($0, in: size) })
    }
}

extension View {
    /// Sets the view's horizontal alignment guide `g` to `computeValue(dimensions)`, in the view's coordinates.
    public func alignmentGuide(_ g: HorizontalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> some View {
        modifier(AlignmentGuideModifier(key: g.key, computeValue: computeValue))
    }

    /// Sets the view's vertical alignment guide `g` to `computeValue(dimensions)`, in the view's coordinates.
    public func alignmentGuide(_ g: VerticalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> some View {
        modifier(AlignmentGuideModifier(key: g.key, computeValue: computeValue))
    }
}
