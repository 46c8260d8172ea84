/// A group of rows with an optional header and footer (SwiftUI's `Section`). In a `List` or `Form` it is drawn
/// as one group of cells with its header above and footer below; elsewhere (a `VStack`) it shows the header,
/// the content and the footer one after the other, as SwiftUI does.
public struct Section<Parent: View, Content: View, Footer: View>: View, PrimitiveView, AnySection {
    let header: Parent
    let content: Content
    let footer: Footer

    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer) {
        self.header = header(); self.content = content(); self.footer = footer()
    }

    func makeBehavior() -> NodeBehavior { SectionBehavior() }

    var slots: [ChildSlot] {
        [ChildSlot(key: 0, view: SectionHeader(content: header)),
         ChildSlot(key: 1, view: content),
         ChildSlot(key: 2, view: footer.font(.footnote).foregroundStyle(.secondary))]
    }
}

extension Section where Parent == EmptyView, Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content) { self.init(content: content, header: { EmptyView() }, footer: { EmptyView() }) }
}

extension Section where Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
        self.init(content: content, header: header, footer: { EmptyView() })
    }
    /// SwiftUI 5's argument order: `Section { rows } header: { … }` is the one above; this is `Section(header:)`.
    public init(header: Parent, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { header }, footer: { EmptyView() })
    }
}

extension Section where Parent == EmptyView {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer) {
        self.init(content: content, header: { EmptyView() }, footer: footer)
    }
    public init(footer: Footer, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { EmptyView() }, footer: { footer })
    }
}

extension Section where Parent == Text, Footer == EmptyView {
    /// A section with a text header (`Section("Network") { … }`).
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { Text(titleKey) }, footer: { EmptyView() })
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { Text(title) }, footer: { EmptyView() })
    }
}

extension Section {
    public init(header: Parent, footer: Footer, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { header }, footer: { footer })
    }
}

@MainActor
protocol AnySection {
    var slots: [ChildSlot] { get }
}

/// Transparent like `Group` (outside a list the parts join the enclosing stack); a list finds it by type and
/// reads its children by key: 0 header, 1 rows, 2 footer.
final class SectionBehavior: NodeBehavior {
    override var role: LayoutRole { .transparent }
    override var viewValueAffectsOwnOutput: Bool { false }
    override func update(_ view: any View) -> [ChildSlot]? { (view as! any AnySection).slots }

    func part(_ key: Int) -> ViewNode? { node.children.first { $0.intKey == key } }
}

/// A section's header in its prominence (`headerProminence`): small and secondary, or larger, bold and primary.
struct SectionHeader<Content: View>: View {
    let content: Content
    @Environment(\.headerProminence) private var prominence

    var body: some View {
        if prominence == .increased {
            content.font(.title3.bold()).foregroundStyle(.primary)
        } else {
            content.font(.footnote).foregroundStyle(.secondary)
        }
    }
}

/// How much a section's header stands out (SwiftUI's `Prominence`).
public enum Prominence: Hashable, Sendable {
    case standard, increased
}

struct HeaderProminenceKey: EnvironmentKey { static let defaultValue = Prominence.standard }

extension EnvironmentValues {
    /// The prominence of section headers (SwiftUI's `\.headerProminence`).
    public var headerProminence: Prominence {
        get { self[HeaderProminenceKey.self] }
        set { self[HeaderProminenceKey.self] = newValue }
    }
}

extension View {
    /// Shows the headers of the sections in this view larger and bolder (`.increased`), as SwiftUI's
    /// `headerProminence(_:)` does.
    public func headerProminence(_ prominence: Prominence) -> some View { environment(\.headerProminence, prominence) }
}
