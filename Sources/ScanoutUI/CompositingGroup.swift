extension View {
    /// Composites this view's drawing as one group before the effects around it (SwiftUI's
    /// `compositingGroup()`). Scanout's opacity, blur and shadow already take a view's whole drawing as one
    /// group, so this changes nothing there; the colour effects (`grayscale(_:)` …) reach each drawing of the view
    /// as SwiftUI's do without a group.
    public func compositingGroup() -> some View { self }

    /// Draws this view offscreen as one image before showing it (SwiftUI's `drawingGroup(opaque:colorMode:)`):
    /// for SwiftUI a speed-up of complex drawing. Scanout's renderer caches unchanged drawing itself (retained
    /// display lists, damage, cached groups), so this draws the view as it is.
    public func drawingGroup(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear) -> some View { self }
}
