/// A view whose body is evaluated again only when its content's `==` says it changed (SwiftUI's
/// `EquatableView`, made by `equatable()`). Scanout already compares a view by its own `==` when it has one
/// (see `ViewEquality`); this wrapper is that comparison made explicit, for code written for SwiftUI.
public struct EquatableView<Content: View & Equatable>: Equatable {
    public var content: Content

    public init(content: Content) { self.content = content }
}

// (View in an extension: the type's stored content stays nonisolated, as `==` must read it.)
extension EquatableView: View {
    public var body: some View { content }
}

extension View where Self: Equatable {
    /// This view, its body evaluated again only when `==` says it changed (SwiftUI's `equatable()`).
    public func equatable() -> EquatableView<Self> { EquatableView(content: self) }
}
