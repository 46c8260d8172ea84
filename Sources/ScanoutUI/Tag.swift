extension View {
    /// Gives this view a value that a container's selection refers to (a `TabView` tab, a `List` row).
    public func tag<V: Hashable>(_ tag: V) -> some View { modifier(TagModifier(value: AnyHashable(tag))) }
}

struct TagModifier: ViewModifier {
    let value: AnyHashable
    func body(content: Content) -> some View { content }
}

extension View {
    /// Looks through the modifiers written on this view value (outermost first) for one of type `M`.
    @MainActor func firstModifier<M>(of type: M.Type) -> M? {
        var v: any View = self
        while let m = v as? any AnyModifiedContent {
            if let found = m.anyModifier as? M { return found }
            v = m.anyContent
        }
        return nil
    }
}
