/// Modal sheets (SwiftUI's `sheet(isPresented:onDismiss:content:)`) and the `dismiss` environment action.
/// On a panel there is no window to present into: the sheet is a card that slides up from the bottom edge
/// over the presenting view, which is dimmed and no longer takes touches; a tap on the dimmed area, or
/// `dismiss()` from inside the sheet, closes it.

/// Closes the sheet the view is in (SwiftUI's `DismissAction`); does nothing outside a sheet.
/// Sendable as in SwiftUI: the binding it holds is only read and written on the main actor (`callAsFunction`).
public struct DismissAction: Equatable, @unchecked Sendable {
    let isPresented: Binding<Bool>?

    @MainActor public func callAsFunction() { isPresented?.wrappedValue = false }

    // Two actions are the same when they close the same sheet (a body run again makes a new Binding value).
    public nonisolated static func == (a: DismissAction, b: DismissAction) -> Bool {
        switch (a.isPresented, b.isPresented) {
        case (nil, nil): return true
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

    /// The sheet's look: SwiftUI's default presentation, sized for a panel.
    static var slide: Animation { .easeOut(duration: 0.3) }

    func body(content: Content) -> some View {
        let shown = isPresented.wrappedValue
        return ZStack(alignment: .bottom) {
            content
                .allowsHitTesting(!shown)
            if shown {
                Color.black.opacity(0.5)
                    .onTapGesture { isPresented.wrappedValue = false }
                    .transition(.opacity)
                sheet()
                    .environment(\.dismiss, DismissAction(isPresented: isPresented))
                    .padding(24)
                    .frame(maxWidth: .infinity, alignment: .topLeading)
                    .background(RoundedRectangle(cornerRadius: 16).fill(Color(white: 0.16)))
                    .padding(.horizontal, 24)
                    .transition(.move(edge: .bottom))
            }
        }
        .animation(Self.slide, value: shown)
        .onChange(of: shown) { was, now in
            if was && !now { onDismiss?() }
        }
    }
}
