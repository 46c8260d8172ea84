import ScanoutRender

struct CompositingGroupModifier: PrimitiveModifier {
    func makeBehavior() -> ModifierBehavior { CompositingGroupBehavior() }
}

/// Draws the content into a group of its own (the renderer's `pushBlend` with the normal mode), composited
/// over what is under it once: blend modes inside it (`.destinationOut` cutting a hole) act on the group only.
final class CompositingGroupBehavior: ModifierBehavior {
    override func draw(into list: inout DisplayList) {
        list.append(.pushBlend(.normal))
        super.draw(into: &list)
        list.append(.pop)
    }
}

extension View {
    /// Composites this view's drawing as one group before the effects around it, and blend modes within it
    /// against the group only (SwiftUI's `compositingGroup()`): a `.destinationOut` shape inside cuts a hole
    /// through the group, not through the screen. (Scanout's opacity, blur and shadow take a view's whole
    /// drawing as one group already; the colour effects (`grayscale(_:)` …) reach each drawing of the view.)
    public func compositingGroup() -> some View { modifier(CompositingGroupModifier()) }

    /// Draws this view offscreen as one group before showing it (SwiftUI's `drawingGroup(opaque:colorMode:)`):
    /// as `compositingGroup()` (Scanout's renderer caches unchanged drawing itself; it blends in the panel's
    /// sRGB encoding whatever the colour mode).
    public func drawingGroup(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear) -> some View {
        modifier(CompositingGroupModifier())
    }
}
