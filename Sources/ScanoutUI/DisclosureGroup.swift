/// A view that shows or hides its content behind a label with a chevron (SwiftUI's `DisclosureGroup`): a
/// tap on the label row toggles it, animated; without an `isExpanded` binding it keeps its own state,
/// starting collapsed.
public struct DisclosureGroup<Label: View, Content: View>: View {
    let label: Label
    let content: Content
    let isExpanded: Binding<Bool>?
    @State private var expandedHere = false

    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content(); self.label = label(); self.isExpanded = nil
    }

    public init(isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content(); self.label = label(); self.isExpanded = isExpanded
    }

    public var body: some View {
        let expanded = isExpanded ?? $expandedHere
        return VStack(alignment: .leading, spacing: 0) {
            Button {
                withAnimation(.easeInOut(duration: 0.25)) { expanded.wrappedValue.toggle() }
            } label: {
                HStack {
                    label.foregroundStyle(Color.primary)
                    Spacer(minLength: 8)
                    Image(systemName: "chevron.right")
                        .foregroundStyle(.tint)
                        .rotationEffect(.degrees(expanded.wrappedValue ? 90 : 0))
                }
                .frame(minHeight: Palette.minimumHitTarget)
                .contentShape(Rectangle())
            }
            .buttonStyle(.plain)
            if expanded.wrappedValue {
                VStack(alignment: .leading, spacing: 8) { content }
                    .padding(.leading, 16)
                    .padding(.bottom, 8)
                    .transition(.opacity)
            }
        }
    }
}

extension DisclosureGroup where Label == Text {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content, label: { Text(titleKey) })
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content, label: { Text(String(title)) })
    }

    public init(_ titleKey: LocalizedStringKey, isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content) {
        self.init(isExpanded: isExpanded, content: content, label: { Text(titleKey) })
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content) {
        self.init(isExpanded: isExpanded, content: content, label: { Text(String(title)) })
    }
}

/// A box grouping related views, with an optional label above them (SwiftUI's `GroupBox`).
public struct GroupBox<Label: View, Content: View>: View {
    let label: Label?
    let content: Content

    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content(); self.label = label()
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            if let label { label.font(.headline) }
            content
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .padding(16)
        .background(Palette.raisedBackground, in: RoundedRectangle(cornerRadius: 8))
    }
}

extension GroupBox where Label == EmptyView {
    public init(@ViewBuilder content: () -> Content) {
        self.content = content(); self.label = nil
    }
}

extension GroupBox where Label == Text {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content, label: { Text(titleKey) })
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content, label: { Text(String(title)) })
    }
}

/// What a screen shows when it has nothing to show (SwiftUI's `ContentUnavailableView`): a large symbol, a
/// title, a description and actions, centred in all the space offered.
public struct ContentUnavailableView<Label: View, Description: View, Actions: View>: View {
    let label: Label
    let description: Description
    let actions: Actions

    public init(@ViewBuilder label: () -> Label, @ViewBuilder description: () -> Description = { EmptyView() },
                @ViewBuilder actions: () -> Actions = { EmptyView() }) {
        self.label = label(); self.description = description(); self.actions = actions()
    }

    public var body: some View {
        VStack(spacing: 12) {
            label
                .labelStyle(UnavailableLabelStyle())
            description
                .font(.subheadline)
                .foregroundStyle(.secondary)
                .multilineTextAlignment(.center)
            actions
        }
        .padding(24)
        .frame(maxWidth: .infinity, maxHeight: .infinity)
    }
}

extension ContentUnavailableView where Label == ScanoutUI.Label<Text, Image>, Description == Text?, Actions == EmptyView {
    public init(_ titleKey: LocalizedStringKey, systemImage name: String, description: Text? = nil) {
        self.init(label: { ScanoutUI.Label(titleKey, systemImage: name) }, description: { description })
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage name: String, description: Text? = nil) {
        self.init(label: { ScanoutUI.Label(title, systemImage: name) }, description: { description })
    }
}

extension ContentUnavailableView where Label == SearchUnavailableContent.Label, Description == SearchUnavailableContent.Description,
                                       Actions == EmptyView {
    /// "No Results" with a magnifying glass.
    public static var search: Self {
        ContentUnavailableView(label: { SearchUnavailableContent.Label() }, description: { SearchUnavailableContent.Description(text: nil) })
    }

    /// "No Results for “text”".
    public static func search(text: String) -> Self {
        ContentUnavailableView(label: { SearchUnavailableContent.Label() }, description: { SearchUnavailableContent.Description(text: text) })
    }
}

/// The parts of `ContentUnavailableView.search` (SwiftUI's names).
public enum SearchUnavailableContent {
    public struct Label: View {
        public var body: some View { ScanoutUI.Label("No Results", systemImage: "magnifyingglass") }
    }

    public struct Description: View {
        let text: String?
        public var body: some View {
            if let text { Text("Check the spelling or try a new search for “\(text)”.") } else { Text("Check the spelling or try a new search.") }
        }
    }
}

/// A big symbol over a bold title.
struct UnavailableLabelStyle: LabelStyle {
    func makeBody(configuration: Configuration) -> some View {
        VStack(spacing: 12) {
            configuration.icon.font(.system(size: 48)).foregroundStyle(.secondary)
            configuration.title.font(.title2.bold())
        }
    }
}

/// Buttons that belong together, in a row (SwiftUI's `ControlGroup`), drawn bordered.
public struct ControlGroup<Content: View>: View {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: some View {
        HStack(spacing: 8) { content }.buttonStyle(.bordered)
    }
}
