/// Taking a value of a known type out of an existential without a runtime cast.
///
/// Nodes hold view values as `any View` (and modifiers as `any ViewModifier`), and a view's behaviour knows the
/// concrete type it was made for. An `as?`/`as!` from an existential asks the runtime (hundreds of
/// instructions each, a dozen times per body that runs again); calling these on the existential opens it
/// and the check is a comparison of two metatypes.
extension View {
    /// This value as a `T`, or nil when its type is not exactly `T`.
    @inline(__always)
    func unboxed<T>(as type: T.Type) -> T? {
        guard Self.self == T.self else { return nil }
        return unsafeBitCast(self, to: T.self)
    }

    /// This value as a `T`, which its type is known to be (a behaviour made for `T` receives only `T`s).
    @inline(__always)
    func known<T>(as type: T.Type) -> T {
        precondition(Self.self == T.self, "expected a \(T.self), got a \(Self.self)")
        return unsafeBitCast(self, to: T.self)
    }
}

extension ViewModifier {
    /// This value as an `M`, which its type is known to be (a modifier's behaviour receives only its own).
    @inline(__always)
    func known<M>(as type: M.Type) -> M {
        precondition(Self.self == M.self, "expected a \(M.self), got a \(Self.self)")
        return unsafeBitCast(self, to: M.self)
    }
}

extension ShapeStyle {
    /// This style as a `T`, or nil when its type is not exactly `T`.
    @inline(__always)
    func unboxedStyle<T>(as type: T.Type) -> T? {
        guard Self.self == T.self else { return nil }
        return unsafeBitCast(self, to: T.self)
    }
}
