/// Opening URLs (SwiftUI's `Link` and `OpenURLAction`). A panel has no browser: the default action logs the
/// URL once and discards it; an app that can show or act on a URL (an in-app help screen, a QR code of it)
/// installs its own with `.environment(\.openURL, OpenURLAction { url in … })`.

/// What `openURL` does with a URL (SwiftUI's `OpenURLAction`).
public struct OpenURLAction: Sendable {
    /// What the handler did with the URL.
    public struct Result: Sendable, Equatable {
        enum Kind: Equatable { case handled, discarded, systemAction }
        let kind: Kind
        /// The URL was shown or acted on.
        public static let handled = Result(kind: .handled)
        /// The URL was ignored.
        public static let discarded = Result(kind: .discarded)
        /// Left to the system (on a panel: logged and discarded).
        public static let systemAction = Result(kind: .systemAction)
        public static func systemAction(_ url: URL) -> Result { .systemAction }
    }

    let handler: @MainActor @Sendable (URL) -> Result

    public init(handler: @escaping @MainActor @Sendable (URL) -> Result) { self.handler = handler }

    /// Opens `url`.
    @MainActor
    public func callAsFunction(_ url: URL) {
        if handler(url) == .systemAction { OpenURLAction.system(url) }
    }

    /// No browser on a panel: one log line per URL.
    @MainActor
    static func system(_ url: URL) {
        guard loggedURLs.insert(url.absoluteString).inserted else { return }
        print("scanout: no handler to open \(url.absoluteString) (install one with .environment(\\.openURL, OpenURLAction { url in … }))")
    }
    @MainActor private static var loggedURLs: Set<String> = []
}

struct OpenURLKey: EnvironmentKey {
    static let defaultValue = OpenURLAction { _ in .systemAction }
}

extension EnvironmentValues {
    /// The action `Link` and code use to open a URL.
    public var openURL: OpenURLAction {
        get { self[OpenURLKey.self] }
        set { self[OpenURLKey.self] = newValue }
    }
}

/// A control that opens a URL through the environment's `openURL` (SwiftUI's `Link`), drawn as tinted text.
public struct Link<Label: View>: View {
    let destination: URL
    let label: Label
    @Environment(\.openURL) private var openURL

    public init(destination: URL, @ViewBuilder label: () -> Label) {
        self.destination = destination; self.label = label()
    }

    public var body: some View {
        let url = destination, open = openURL
        return Button { open(url) } label: { label }
    }
}

extension Link where Label == Text {
    public init(_ titleKey: LocalizedStringKey, destination: URL) {
        self.init(destination: destination) { Text(titleKey) }
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, destination: URL) {
        self.init(destination: destination) { Text(String(title)) }
    }
}
