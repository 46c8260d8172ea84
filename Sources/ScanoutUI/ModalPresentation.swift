/// How alerts, confirmation dialogs, sheets and covers are shown: in the presentation layer (see
/// `PresentationRoot`), over the whole screen whichever view presents them — SwiftUI's cover the window, so an
/// alert written on a button in a list row still dims the whole screen and centres its card on it — and above
/// the on-screen keyboard's space. The layer comes in with its content's transitions (a fade, a slide up) and
/// goes out with them: once shown, it stays mounted (empty while closed) so that the closing is animated; the
/// presenter's own content takes no touches while it is shown.
struct ModalPresentationModifier<Layer: View>: ViewModifier {
    let isPresented: Bool
    let animation: Animation
    /// The layer's content, given whether it is shown (its parts inserted and removed with transitions).
    let layer: @MainActor (_ shown: Bool) -> Layer
    @State private var mounted = false

    func body(content: Content) -> some View {
        let isPresented = self.isPresented, animation = self.animation, layer = self.layer
        return content
            .allowsHitTesting(!isPresented)
            .modifier(PresentationAnchorModifier(content: isPresented || mounted ? { _ in
                ModalLayer(isPresented: isPresented, animation: animation, content: layer)
            } : nil, isActive: isPresented))
            .onChange(of: isPresented, initial: true) { _, now in if now && !mounted { mounted = true } }
    }
}

/// A modal layer: its content shown once the layer has appeared (so that it comes in with its transitions)
/// and while presented.
struct ModalLayer<Content: View>: View {
    let isPresented: Bool
    let animation: Animation
    let content: @MainActor (_ shown: Bool) -> Content
    @State private var appeared = false

    var body: some View {
        let shown = isPresented && appeared
        return content(shown)
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .animation(animation, value: shown)
            .onAppear { appeared = true }
    }
}

extension Color {
    /// This colour as a modal layer's backdrop: over the whole layer, taking every touch the card does not
    /// (`tap`: what a tap on it does), so nothing underneath gets them.
    func modalBackdrop(tap: @escaping @MainActor () -> Void = {}) -> some View {
        ignoresSafeArea().contentShape(Rectangle()).onTapGesture(perform: tap)
    }
}
