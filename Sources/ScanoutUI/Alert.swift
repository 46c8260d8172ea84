/// Alerts and confirmation dialogs (SwiftUI's `alert(_:isPresented:actions:message:)` and
/// `confirmationDialog(_:isPresented:titleVisibility:actions:message:)`, with their `presenting:` forms).
/// The actions are the `Button`s written in `actions` (with their roles); every button closes the
/// presentation after its action. An alert is a card in the middle of the dimmed screen: two buttons side by
/// side (cancel first), more stacked (cancel last), none means one "OK"; only its buttons and Escape (the
/// cancel button's action) close it. A confirmation dialog is a card of buttons at the bottom edge with the
/// cancel button in a card of its own; a tap on the dimmed screen or Escape cancels it. What is underneath
/// takes no touches while either is shown.

/// One button of an alert or dialog, taken from the `actions` view.
struct PresentedAction {
    let label: AnyView
    let role: ButtonRole?
    let action: @MainActor () -> Void
}

/// The buttons of an alert's or dialog's `actions` (read as a menu's content is: see `MenuItems`).
@MainActor
enum PresentedActions {
    static func of(_ view: any View) -> [PresentedAction] {
        var out: [PresentedAction] = []
        func add(_ items: [MenuItem]) {
            for item in items {
                switch item {
                case .action(let a): out.append(a)
                case .section(_, let inner): add(inner)
                case .divider, .submenu, .check: break
                }
            }
        }
        add(MenuItems.of(view))
        return out
    }
}

/// The look both share, sized for a finger.
enum PresentationLook {
    static let buttonHeight: CGFloat = 52
    static let alertWidth: CGFloat = 300
    @MainActor static var dim: Color { Color.black.opacity(0.35) }
    static var fade: Animation { .easeOut(duration: 0.2) }

    /// A presentation's button: runs its action, then closes the presentation.
    @MainActor
    static func button(_ a: PresentedAction, closing isPresented: Binding<Bool>) -> some View {
        Button {
            a.action()
            isPresented.wrappedValue = false
        } label: {
            label(a)
        }
        .buttonStyle(.plain)
    }

    @MainActor @ViewBuilder
    static func label(_ a: PresentedAction) -> some View {
        a.label
            .font(a.role == .cancel ? .headline : .body)
            .foregroundStyle(a.role == .destructive ? Palette.destructive : Palette.tint)
            .lineLimit(1)
            .frame(maxWidth: .infinity, minHeight: buttonHeight)
            .contentShape(Rectangle())
    }
}

struct AlertModifier<Actions: View, Message: View>: ViewModifier {
    let title: Text
    let isPresented: Binding<Bool>
    let actions: Actions?
    let message: Message?

    func body(content: Content) -> some View {
        content.modifier(ModalPresentationModifier(isPresented: isPresented.wrappedValue, animation: PresentationLook.fade) { shown in
            ZStack {
                if shown {
                    PresentationLook.dim.modalBackdrop().transition(.opacity)
                    card.transition(.opacity)
                }
            }
        })
    }

    /// The buttons in the order shown: with two, cancel first (side by side); with more, cancel last.
    private var buttons: [PresentedAction] {
        var found = actions.map { PresentedActions.of($0) } ?? []
        if found.isEmpty { found = [PresentedAction(label: AnyView(Text("OK")), role: .cancel, action: {})] }
        guard let i = found.firstIndex(where: { $0.role == .cancel }) else { return found }
        let cancel = found.remove(at: i)
        return found.count == 1 ? [cancel] + found : found + [cancel]
    }

    private func button(_ a: PresentedAction) -> some View { PresentationLook.button(a, closing: isPresented) }

    private var card: some View {
        let list = buttons
        let cancel = list.first(where: { $0.role == .cancel })
        return VStack(spacing: 0) {
            VStack(spacing: 6) {
                title.font(.headline)
                if let message { message.font(.subheadline) }
            }
            .multilineTextAlignment(.center)
            .padding(.horizontal, 20)
            .padding(.vertical, 20)
            Palette.separator.frame(height: 1)
            if list.count == 2 {
                HStack(spacing: 0) {
                    button(list[0])
                    Palette.separator.frame(width: 1, height: PresentationLook.buttonHeight)
                    button(list[1])
                }
            } else {
                VStack(spacing: 0) {
                    ForEach(list.indices, id: \.self) { i in
                        if i > 0 { Palette.separator.frame(height: 1) }
                        button(list[i])
                    }
                }
            }
        }
        .frame(width: PresentationLook.alertWidth)
        .background(Palette.alertBackground, in: RoundedRectangle(cornerRadius: 14))
        .onKeyPress(.escape) {
            cancel?.action()
            isPresented.wrappedValue = false
            return .handled
        }
    }
}

struct ConfirmationDialogModifier<Actions: View, Message: View>: ViewModifier {
    let title: Text
    let titleVisibility: Visibility
    let isPresented: Binding<Bool>
    let actions: Actions?
    let message: Message?

    func body(content: Content) -> some View {
        content.modifier(ModalPresentationModifier(isPresented: isPresented.wrappedValue, animation: PresentationLook.fade) { shown in
            ZStack(alignment: .bottom) {
                if shown {
                    PresentationLook.dim.modalBackdrop { cancel() }.transition(.opacity)
                    sheet.transition(.move(edge: .bottom))
                }
            }
        })
    }

    private var found: [PresentedAction] { actions.map { PresentedActions.of($0) } ?? [] }

    private func cancel() {
        found.first(where: { $0.role == .cancel })?.action()
        isPresented.wrappedValue = false
    }

    private func button(_ a: PresentedAction) -> some View { PresentationLook.button(a, closing: isPresented) }

    private var sheet: some View {
        let all = found
        let others = all.filter { $0.role != .cancel }
        // SwiftUI adds a Cancel button when the actions have none.
        let cancelAction = all.first(where: { $0.role == .cancel })
            ?? PresentedAction(label: AnyView(Text("Cancel")), role: .cancel, action: {})
        let showsTitle = titleVisibility == .visible
        return VStack(spacing: 8) {
            VStack(spacing: 0) {
                if showsTitle || message != nil {
                    VStack(spacing: 4) {
                        if showsTitle { title.font(.subheadline.bold()) }
                        if let message { message.font(.subheadline) }
                    }
                    .foregroundStyle(.secondary)
                    .multilineTextAlignment(.center)
                    .padding(16)
                    if !others.isEmpty { Palette.separator.frame(height: 1) }
                }
                ForEach(others.indices, id: \.self) { i in
                    if i > 0 { Palette.separator.frame(height: 1) }
                    button(others[i])
                }
            }
            .background(Palette.alertBackground, in: RoundedRectangle(cornerRadius: 14))
            button(cancelAction)
                .background(Palette.alertBackground, in: RoundedRectangle(cornerRadius: 14))
        }
        .frame(maxWidth: 480)
        .padding(.horizontal, 12)
        .padding(.bottom, 12)
        .onKeyPress(.escape) {
            cancel()
            return .handled
        }
    }
}

extension View {
    /// Shows an alert titled `title` while `isPresented` is true, with the buttons in `actions`.
    public func alert<A: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
                               @ViewBuilder actions: () -> A) -> some View {
        modifier(AlertModifier<A, EmptyView>(title: Text(titleKey), isPresented: isPresented, actions: actions(), message: nil))
    }
    @_disfavoredOverload
    public func alert<S: StringProtocol, A: View>(_ title: S, isPresented: Binding<Bool>,
                                                  @ViewBuilder actions: () -> A) -> some View {
        modifier(AlertModifier<A, EmptyView>(title: Text(String(title)), isPresented: isPresented, actions: actions(), message: nil))
    }

    /// An alert with a message under its title.
    public func alert<A: View, M: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
                                        @ViewBuilder actions: () -> A,
                                        @ViewBuilder message: () -> M) -> some View {
        modifier(AlertModifier(title: Text(titleKey), isPresented: isPresented, actions: actions(), message: message()))
    }
    @_disfavoredOverload
    public func alert<S: StringProtocol, A: View, M: View>(_ title: S, isPresented: Binding<Bool>,
                                                           @ViewBuilder actions: () -> A,
                                                           @ViewBuilder message: () -> M) -> some View {
        modifier(AlertModifier(title: Text(String(title)), isPresented: isPresented, actions: actions(), message: message()))
    }

    /// An alert titled by a `Text`.
    public func alert<A: View>(_ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> some View {
        modifier(AlertModifier<A, EmptyView>(title: title, isPresented: isPresented, actions: actions(), message: nil))
    }

    /// An alert titled by a `Text`, with a message.
    public func alert<A: View, M: View>(_ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A,
                                        @ViewBuilder message: () -> M) -> some View {
        modifier(AlertModifier(title: title, isPresented: isPresented, actions: actions(), message: message()))
    }

    /// An alert about `data`: shown while `isPresented` is true and `data` is not nil; the actions get it.
    public func alert<A: View, T>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, presenting data: T?,
                                  @ViewBuilder actions: (T) -> A) -> some View {
        modifier(AlertModifier<A, EmptyView>(title: Text(titleKey), isPresented: Self.presenting(isPresented, data),
                                             actions: data.map(actions), message: nil))
    }
    @_disfavoredOverload
    public func alert<S: StringProtocol, A: View, T>(_ title: S, isPresented: Binding<Bool>, presenting data: T?,
                                                     @ViewBuilder actions: (T) -> A) -> some View {
        modifier(AlertModifier<A, EmptyView>(title: Text(String(title)), isPresented: Self.presenting(isPresented, data),
                                             actions: data.map(actions), message: nil))
    }

    /// An alert about `data`, with a message made from it.
    public func alert<A: View, M: View, T>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, presenting data: T?,
                                           @ViewBuilder actions: (T) -> A,
                                           @ViewBuilder message: (T) -> M) -> some View {
        modifier(AlertModifier(title: Text(titleKey), isPresented: Self.presenting(isPresented, data),
                               actions: data.map(actions), message: data.map(message)))
    }
    @_disfavoredOverload
    public func alert<S: StringProtocol, A: View, M: View, T>(_ title: S, isPresented: Binding<Bool>, presenting data: T?,
                                                              @ViewBuilder actions: (T) -> A,
                                                              @ViewBuilder message: (T) -> M) -> some View {
        modifier(AlertModifier(title: Text(String(title)), isPresented: Self.presenting(isPresented, data),
                               actions: data.map(actions), message: data.map(message)))
    }

    /// Shows a dialog of choices from the bottom edge while `isPresented` is true.
    public func confirmationDialog<A: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
                                            titleVisibility: Visibility = .automatic,
                                            @ViewBuilder actions: () -> A) -> some View {
        modifier(ConfirmationDialogModifier<A, EmptyView>(title: Text(titleKey), titleVisibility: titleVisibility,
                                                          isPresented: isPresented, actions: actions(), message: nil))
    }
    @_disfavoredOverload
    public func confirmationDialog<S: StringProtocol, A: View>(_ title: S, isPresented: Binding<Bool>,
                                                               titleVisibility: Visibility = .automatic,
                                                               @ViewBuilder actions: () -> A) -> some View {
        modifier(ConfirmationDialogModifier<A, EmptyView>(title: Text(String(title)), titleVisibility: titleVisibility,
                                                          isPresented: isPresented, actions: actions(), message: nil))
    }

    /// A confirmation dialog with a message.
    public func confirmationDialog<A: View, M: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
                                                     titleVisibility: Visibility = .automatic,
                                                     @ViewBuilder actions: () -> A,
                                                     @ViewBuilder message: () -> M) -> some View {
        modifier(ConfirmationDialogModifier(title: Text(titleKey), titleVisibility: titleVisibility,
                                            isPresented: isPresented, actions: actions(), message: message()))
    }
    @_disfavoredOverload
    public func confirmationDialog<S: StringProtocol, A: View, M: View>(_ title: S, isPresented: Binding<Bool>,
                                                                        titleVisibility: Visibility = .automatic,
                                                                        @ViewBuilder actions: () -> A,
                                                                        @ViewBuilder message: () -> M) -> some View {
        modifier(ConfirmationDialogModifier(title: Text(String(title)), titleVisibility: titleVisibility,
                                            isPresented: isPresented, actions: actions(), message: message()))
    }

    /// A confirmation dialog about `data` (shown while `isPresented` is true and `data` is not nil).
    public func confirmationDialog<A: View, T>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
                                               titleVisibility: Visibility = .automatic,
                                               presenting data: T?,
                                               @ViewBuilder actions: (T) -> A) -> some View {
        modifier(ConfirmationDialogModifier<A, EmptyView>(title: Text(titleKey), titleVisibility: titleVisibility,
                                                          isPresented: Self.presenting(isPresented, data),
                                                          actions: data.map(actions), message: nil))
    }
    @_disfavoredOverload
    public func confirmationDialog<S: StringProtocol, A: View, T>(_ title: S, isPresented: Binding<Bool>,
                                                                  titleVisibility: Visibility = .automatic,
                                                                  presenting data: T?,
                                                                  @ViewBuilder actions: (T) -> A) -> some View {
        modifier(ConfirmationDialogModifier<A, EmptyView>(title: Text(String(title)), titleVisibility: titleVisibility,
                                                          isPresented: Self.presenting(isPresented, data),
                                                          actions: data.map(actions), message: nil))
    }

    /// Shown while `isPresented` is true and there is data; closing sets `isPresented` false.
    static func presenting<T>(_ isPresented: Binding<Bool>, _ data: T?) -> Binding<Bool> {
        let hasData = data != nil
        return Binding(get: { isPresented.wrappedValue && hasData }, set: { isPresented.wrappedValue = $0 })
    }
}
