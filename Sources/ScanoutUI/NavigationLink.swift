/// A control that pushes a view on the enclosing `NavigationStack` (SwiftUI's `NavigationLink`): a value (shown
/// by the `navigationDestination(for:)` of its type, and appended to the stack's path) or a destination view.
/// In a list it is a whole row with a disclosure chevron; elsewhere it looks like a button.
public struct NavigationLink<Label: View, Destination: View>: View {
    let label: Label
    let push: @MainActor (NavigationController) -> Void
    @Environment(\.navigationController) private var controller
    @Environment(\.isInList) private var inList

    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {
        let d = destination()
        self.label = label()
        push = { $0.push(view: AnyView(d)) }
    }

    public init(destination: Destination, @ViewBuilder label: () -> Label) {
        self.init(destination: { destination }, label: label)
    }

    public var body: some View {
        Button {
            if let controller { push(controller) }
        } label: {
            if inList {
                HStack {
                    label.foregroundColor(.primary)
                    Spacer(minLength: 8)
                    DisclosureChevron()
                }
                .frame(maxWidth: .infinity, minHeight: Palette.rowHeight - 2 * ListRowsBehavior.rowVerticalInset)
                .contentShape(Rectangle())
            } else {
                label
            }
        }
        .disabled(controller == nil)
    }
}

extension NavigationLink where Label == Text {
    public init(_ titleKey: LocalizedStringKey, destination: Destination) {
        self.init(destination: { destination }, label: { Text(titleKey) })
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, destination: Destination) {
        self.init(destination: { destination }, label: { Text(title) })
    }
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder destination: () -> Destination) {
        self.init(destination: destination, label: { Text(titleKey) })
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder destination: () -> Destination) {
        self.init(destination: destination, label: { Text(title) })
    }
}

extension NavigationLink where Destination == Never {
    /// Pushes `value` (nil: a disabled link).
    public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) {
        self.label = label()
        push = { controller in if let value { controller.push(value: AnyHashable(value)) } }
    }
}

extension NavigationLink where Destination == Never, Label == Text {
    public init<P: Hashable>(_ titleKey: LocalizedStringKey, value: P?) {
        self.init(value: value, label: { Text(titleKey) })
    }
    @_disfavoredOverload
    public init<S: StringProtocol, P: Hashable>(_ title: S, value: P?) {
        self.init(value: value, label: { Text(title) })
    }
}

/// The trailing chevron of a navigation row.
struct DisclosureChevron: View {
    var body: some View {
        ChevronShape(pointsRight: true)
            .stroke(Palette.unselectedTab, lineWidth: 2.5)
            .frame(width: 8, height: 14)
    }
}

/// A chevron drawn as two strokes (instead of an SF Symbol).
struct ChevronShape: Shape {
    var pointsRight: Bool
    func path(in rect: CGRect) -> Path {
        var p = Path()
        if pointsRight {
            p.move(to: CGPoint(x: rect.minX, y: rect.minY))
            p.addLine(to: CGPoint(x: rect.maxX, y: rect.midY))
            p.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
        } else {
            p.move(to: CGPoint(x: rect.maxX, y: rect.minY))
            p.addLine(to: CGPoint(x: rect.minX, y: rect.midY))
            p.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
        }
        return p
    }
}

struct IsInListKey: EnvironmentKey { static let defaultValue = false }

extension EnvironmentValues {
    /// Whether the view is a row (or in a row) of a list or form: links draw as rows there.
    var isInList: Bool {
        get { self[IsInListKey.self] }
        set { self[IsInListKey.self] = newValue }
    }
}
