/// Modal sheets (SwiftUI's `sheet(isPresented:onDismiss:content:)`) and the `dismiss` environment action.
/// On a panel there is no window to present into: the sheet is a card that slides up from the bottom edge
/// over the whole screen (the presentation layer: see `ModalPresentationModifier`), which is dimmed and no
/// longer takes touches; a tap on the dimmed area, Escape on a hardware keyboard, or `dismiss()` from inside
/// the sheet closes it.

/// Closes what the view is presented in (SwiftUI's `DismissAction`): the sheet or cover it is in, else the
/// navigation stack's screen it was pushed as (popped, with the screens above it); does nothing elsewhere.
/// Sendable as in SwiftUI: what it holds is only read and written on the main actor (`callAsFunction`).
public struct DismissAction: Equatable, @unchecked Sendable {
    let isPresented: Binding<Bool>?
    /// A pushed screen: its stack's controller (weak, see `WeakReference`) and its level (1: the first screen
    /// pushed on the root).
    var screen: (controller: WeakReference<NavigationController>, level: Int)? = nil

    init(isPresented: Binding<Bool>?, screen: (controller: NavigationController, level: Int)? = nil) {
        self.isPresented = isPresented
        self.screen = screen.map { (WeakReference($0.controller), $0.level) }
    }

    @MainActor public func callAsFunction() {
        if let isPresented {
            isPresented.wrappedValue = false
        } else if let screen {
            screen.controller.object?.dismiss(level: screen.level)
        }
    }

    // Two actions are the same when they close the same sheet (a body run again makes a new Binding value)
    // or the same screen.
    public nonisolated static func == (a: DismissAction, b: DismissAction) -> Bool {
        switch (a.isPresented, b.isPresented) {
        case (nil, nil): return a.screen?.controller.object === b.screen?.controller.object && a.screen?.level == b.screen?.level
        case let (x?, y?): return x.hasSameLocation(as: y)
        default: return false
        }
    }
}

struct DismissKey: EnvironmentKey { static let defaultValue = DismissAction(isPresented: nil) }

extension EnvironmentValues {
    /// Closes the presented sheet this view is in.
    public var dismiss: DismissAction {
        get { self[DismissKey.self] }
        set { self[DismissKey.self] = newValue }
    }
}

extension View {
    /// Presents `content` as a sheet while `isPresented` is true; `onDismiss` runs after it closes.
    public func sheet<Content: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
                                     @ViewBuilder content: @escaping () -> Content) -> some View {
        modifier(SheetModifier(isPresented: isPresented, onDismiss: onDismiss, sheet: content))
    }
}

struct SheetModifier<Sheet: View>: ViewModifier {
    let isPresented: Binding<Bool>
    let onDismiss: (() -> Void)?
    let sheet: () -> Sheet
    /// What the sheet's content asked for (`presentationDetents` and the rest), and the detent it rests at.
    @State private var options = SheetOptions()
    @State private var detentIndex = 0
    @State private var drag: CGFloat = 0
    @Environment(\.displaySize) private var displaySize

    /// The sheet's look: SwiftUI's default presentation, sized for a panel.
    static var slide: Animation { .easeOut(duration: 0.3) }

    func body(content: Content) -> some View {
        let shown = isPresented.wrappedValue
        let options = self.options
        // Detents are fractions of the screen (a headless host without a display size: 480 points).
        let screen = displaySize.height > 0 ? displaySize.height : 480
        return content.modifier(ModalPresentationModifier(isPresented: shown, animation: Self.slide) { shown in
            ZStack(alignment: .bottom) {
                if shown {
                    Color.black.opacity(0.5)
                        .modalBackdrop { if !options.dismissDisabled { isPresented.wrappedValue = false } }
                        .transition(.opacity)
                    card(screen: screen, options: options)
                        .transition(.move(edge: .bottom))
                }
            }
        })
        .onChange(of: shown) { was, now in
            if was && !now {
                onDismiss?()
                detentIndex = 0
            }
        }
    }

    /// The detents from the smallest up, at this screen height.
    private func heights(_ options: SheetOptions, screen: CGFloat) -> [CGFloat] {
        Array(Set(options.detents.map { $0.height(in: screen) })).sorted()
    }

    private func card(screen: CGFloat, options: SheetOptions) -> some View {
        let heights = self.heights(options, screen: screen)
        let index = Swift.min(detentIndex, Swift.max(0, heights.count - 1))
        let height = heights.isEmpty ? nil : Swift.max(0, heights[index] - drag)
        let showsIndicator = options.dragIndicator == .visible || (options.dragIndicator == .automatic && heights.count > 1)
        return VStack(spacing: 0) {
            if showsIndicator {
                Capsule().fill(Color.gray.opacity(0.6)).frame(width: 40, height: 5).padding(.top, 8)
            }
            sheet()
                .environment(\.dismiss, DismissAction(isPresented: isPresented))
                .onPreferenceChange(SheetDetentsKey.self) { self.options.detents = $0.detents; self.options.selection = $0.selection }
                .onPreferenceChange(SheetDragIndicatorKey.self) { self.options.dragIndicator = $0 }
                .onPreferenceChange(SheetDismissDisabledKey.self) { self.options.dismissDisabled = $0 }
                .onPreferenceChange(SheetBackgroundKey.self) { self.options.background = $0 }
                .onPreferenceChange(SheetCornerRadiusKey.self) { self.options.cornerRadius = $0 }
                .padding(24)
                .frame(maxWidth: .infinity, maxHeight: height == nil ? nil : .infinity, alignment: .topLeading)
        }
        .frame(height: height, alignment: .top)
        .background {
            // The system's sheet background (white; raised grey in dark), or the content's own.
            let radius = options.cornerRadius ?? 16
            if let background = options.background { background.card(radius) } else { RoundedRectangle(cornerRadius: radius).fill(Palette.sheetBackground) }
        }
        .overlay(alignment: .top) {
            // The top edge (where the indicator is) moves the sheet between its detents; drags in the
            // content stay the content's (a slider, a list).
            if !heights.isEmpty {
                Color.clear
                    .frame(height: Self.grabHeight)
                    .contentShape(Rectangle())
                    .gesture(DragGesture(minimumDistance: 4)
                        .onChanged { value in drag = value.translation.height }
                        .onEnded { value in settle(after: value.predictedEndTranslation.height, heights: heights, options: options, screen: screen) })
            }
        }
        .padding(.horizontal, 24)
        // Escape on a hardware keyboard closes the sheet, as on an iPad (unless interactive dismissal is off).
        .onKeyPress(.escape) {
            guard !options.dismissDisabled else { return .ignored }
            isPresented.wrappedValue = false
            return .handled
        }
    }

    /// The strip along a sheet's top edge that a finger drags it by.
    static var grabHeight: CGFloat { 32 }

    /// After a drag on the sheet: the detent nearest to where the throw would end, or closed when thrown
    /// below the smallest one (unless interactive dismissal is disabled).
    private func settle(after travel: CGFloat, heights: [CGFloat], options: SheetOptions, screen: CGFloat) {
        guard !heights.isEmpty else { return }
        let index = Swift.min(detentIndex, heights.count - 1)
        let target = heights[index] - travel
        withAnimation(Self.slide) {
            drag = 0
            if target < heights[0] / 2, !options.dismissDisabled {
                isPresented.wrappedValue = false
                return
            }
            var best = 0
            for (i, h) in heights.enumerated() where abs(h - target) < abs(heights[best] - target) { best = i }
            detentIndex = best
            if let selection = options.selection, let detent = options.detents.first(where: { $0.height(in: screen) == heights[best] }) {
                selection.wrappedValue = detent
            }
        }
    }
}
