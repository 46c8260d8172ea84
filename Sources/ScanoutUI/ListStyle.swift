/// How a `List` (and a `Form`) lays out and draws its rows and sections (SwiftUI's `ListStyle`). The styles
/// are SwiftUI's; `.automatic` is `.insetGrouped`, as on iOS, and `.sidebar` is drawn as `.insetGrouped`.
@MainActor @preconcurrency
public protocol ListStyle {}

/// What the built-in styles tell the list's layout.
enum ListStyleKind: Hashable, Sendable {
    case plain, inset, grouped, insetGrouped
}

@MainActor
protocol ListStyleKindProviding { var kind: ListStyleKind { get } }

public struct DefaultListStyle: ListStyle, ListStyleKindProviding {
    public init() {}
    var kind: ListStyleKind { .insetGrouped }
}
public struct PlainListStyle: ListStyle, ListStyleKindProviding {
    public init() {}
    var kind: ListStyleKind { .plain }
}
public struct InsetListStyle: ListStyle, ListStyleKindProviding {
    public init() {}
    var kind: ListStyleKind { .inset }
}
public struct GroupedListStyle: ListStyle, ListStyleKindProviding {
    public init() {}
    var kind: ListStyleKind { .grouped }
}
public struct InsetGroupedListStyle: ListStyle, ListStyleKindProviding {
    public init() {}
    var kind: ListStyleKind { .insetGrouped }
}
public struct SidebarListStyle: ListStyle, ListStyleKindProviding {
    public init() {}
    var kind: ListStyleKind { .insetGrouped }
}

extension ListStyle where Self == DefaultListStyle { public static var automatic: DefaultListStyle { DefaultListStyle() } }
extension ListStyle where Self == PlainListStyle { public static var plain: PlainListStyle { PlainListStyle() } }
extension ListStyle where Self == InsetListStyle { public static var inset: InsetListStyle { InsetListStyle() } }
extension ListStyle where Self == GroupedListStyle { public static var grouped: GroupedListStyle { GroupedListStyle() } }
extension ListStyle where Self == InsetGroupedListStyle { public static var insetGrouped: InsetGroupedListStyle { InsetGroupedListStyle() } }
extension ListStyle where Self == SidebarListStyle { public static var sidebar: SidebarListStyle { SidebarListStyle() } }

struct ListStyleKey: EnvironmentKey { static let defaultValue: ListStyleKind? = nil }

extension EnvironmentValues {
    /// The style set by `.listStyle`, nil when none was (each container then uses its own default).
    var listStyleKind: ListStyleKind? {
        get { self[ListStyleKey.self] }
        set { self[ListStyleKey.self] = newValue }
    }
}

extension View {
    /// Sets the style of the lists (and forms) in this view.
    public func listStyle<S: ListStyle>(_ style: S) -> some View {
        environment(\.listStyleKind, (style as? any ListStyleKindProviding)?.kind ?? .insetGrouped)
    }
}
