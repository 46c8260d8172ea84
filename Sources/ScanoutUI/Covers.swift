/// The other modal presentations on a panel: `sheet(item:)`, `fullScreenCover` (the content covers the whole
/// screen over an opaque background; only `dismiss` or the binding closes it) and `popover` (no arrow and no
/// window to float in on a panel: shown as a sheet, closed by a tap outside as SwiftUI's popovers are).

/// Where a popover points from (SwiftUI's `PopoverAttachmentAnchor`; a panel shows popovers as sheets).
public enum PopoverAttachmentAnchor: Sendable, Equatable {
    /// The whole source view.
    case bounds
    /// A unit point of the source view.
    case point(UnitPoint)

    /// SwiftUI's default, `.rect(.bounds)`.
    public static func rect(_ bounds: PopoverAttachmentAnchor) -> PopoverAttachmentAnchor { bounds }
}

struct FullScreenCoverModifier<Cover: View>: ViewModifier {
    let isPresented: Binding<Bool>
    let onDismiss: (() -> Void)?
    let cover: () -> Cover

    func body(content: Content) -> some View {
        let shown = isPresented.wrappedValue
        return content.modifier(ModalPresentationModifier(isPresented: shown, animation: SheetModifier<EmptyView>.slide) { shown in
            ZStack {
                if shown {
                    // The cover's background takes the touches its content leaves (nothing underneath gets them).
                    ZStack {
                        Palette.background.modalBackdrop()
                        cover()
                            .environment(\.dismiss, DismissAction(isPresented: isPresented))
                            .frame(maxWidth: .infinity, maxHeight: .infinity)
                    }
                    .transition(.move(edge: .bottom))
                }
            }
        })
        .onChange(of: shown) { was, now in
            if was && !now { onDismiss?() }
        }
    }
}

/// A binding that is true while `item` holds a value; setting it false clears the item.
@MainActor
func presentedBinding<Item>(_ item: Binding<Item?>) -> Binding<Bool> {
    Binding(get: { item.wrappedValue != nil }, set: { if !$0 { item.wrappedValue = nil } })
}

extension View {
    /// Presents `content` for `item` as a sheet while `item` is not nil; a different item replaces the content.
    public func sheet<Item: Identifiable, Content: View>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
                                                         @ViewBuilder content: @escaping (Item) -> Content) -> some View {
        sheet(isPresented: presentedBinding(item), onDismiss: onDismiss) {
            if let value = item.wrappedValue { content(value).id(value.id) }
        }
    }

    /// Covers the whole screen with `content` while `isPresented` is true; `onDismiss` runs after it closes.
    public func fullScreenCover<Content: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
                                               @ViewBuilder content: @escaping () -> Content) -> some View {
        modifier(FullScreenCoverModifier(isPresented: isPresented, onDismiss: onDismiss, cover: content))
    }

    /// Covers the whole screen with `content` for `item` while `item` is not nil.
    public func fullScreenCover<Item: Identifiable, Content: View>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
                                                                   @ViewBuilder content: @escaping (Item) -> Content) -> some View {
        fullScreenCover(isPresented: presentedBinding(item), onDismiss: onDismiss) {
            if let value = item.wrappedValue { content(value).id(value.id) }
        }
    }

    /// Presents `content` as a popover while `isPresented` is true (on a panel: as a sheet).
    public func popover<Content: View>(isPresented: Binding<Bool>, attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds),
                                       arrowEdge: Edge? = nil, @ViewBuilder content: @escaping () -> Content) -> some View {
        sheet(isPresented: isPresented, onDismiss: nil, content: content)
    }

    /// Presents `content` for `item` as a popover while `item` is not nil (on a panel: as a sheet).
    public func popover<Item: Identifiable, Content: View>(item: Binding<Item?>, attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds),
                                                           arrowEdge: Edge? = nil,
                                                           @ViewBuilder content: @escaping (Item) -> Content) -> some View {
        sheet(item: item, onDismiss: nil, content: content)
    }
}
