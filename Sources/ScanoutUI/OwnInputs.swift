import ScanoutGraph

/// Views whose node-local inputs — what their own node lays out and draws from, not the content it passes to
/// its children — compare cheaply. A new value equal in them leaves the node's layout caches and recording as
/// they were (SwiftUI compares a view's inputs before doing anything with a new value); the children compare
/// their own parts when reconciled.
@MainActor
protocol OwnInputsComparable: View {
    /// The comparison, made once per node (what it needs to know about the types is looked up then).
    nonisolated static func ownInputsEquality() -> (Self, Self) -> Bool
}

/// Compares two values of one view type by their own inputs (false for values of other types).
typealias OwnInputsEquality = (any View, any View) -> Bool

/// The comparison for `view`'s type, or nil when that type has none (its new values always count as changed).
@MainActor
func makeOwnInputsEquality(for view: any View) -> OwnInputsEquality? {
    guard let comparable = view as? any OwnInputsComparable else { return nil }
    return ownInputsEquality(of: comparable)
}

private func ownInputsEquality<T: OwnInputsComparable>(of _: T) -> OwnInputsEquality {
    let equal = T.ownInputsEquality()
    return { a, b in
        guard let x = a as? T, let y = b as? T else { return false }
        return equal(x, y)
    }
}

extension ViewEquality {
    /// Cheap, and never wrong when it says equal: `==` of an `Equatable` value, or else identical bytes of
    /// plain data (`==` first: padding bytes, an optional's for one, make equal values differ in bytes);
    /// anything else (closures, references, opaque values) counts as changed.
    static func quick<T>(for type: T.Type) -> (T, T) -> Bool {
        if let equal = Equality.function(for: T.self) { return equal }
        if _isPOD(T.self) { return { a, b in sameBytes(a, b) } }
        return { _, _ in false }
    }
}

extension ModifiedContent: OwnInputsComparable where Content: View, Modifier: ViewModifier {
    nonisolated static func ownInputsEquality() -> (Self, Self) -> Bool {
        let equal = ViewEquality.quick(for: Modifier.self)
        return { a, b in equal(a.modifier, b.modifier) }
    }
}

extension LayoutContainer: OwnInputsComparable {
    nonisolated static func ownInputsEquality() -> (Self, Self) -> Bool {
        let equal = ViewEquality.quick(for: L.self)
        return { a, b in equal(a.layout, b.layout) }
    }
}

extension HStack: OwnInputsComparable {
    nonisolated static func ownInputsEquality() -> (Self, Self) -> Bool { { a, b in a.alignment == b.alignment && a.spacing == b.spacing } }
}

extension VStack: OwnInputsComparable {
    nonisolated static func ownInputsEquality() -> (Self, Self) -> Bool { { a, b in a.alignment == b.alignment && a.spacing == b.spacing } }
}

extension ZStack: OwnInputsComparable {
    nonisolated static func ownInputsEquality() -> (Self, Self) -> Bool { { a, b in a.alignment == b.alignment } }
}

extension _ShapeView: OwnInputsComparable {
    nonisolated static func ownInputsEquality() -> (Self, Self) -> Bool {
        let sameShape = ViewEquality.quick(for: Content.self), sameStyle = ViewEquality.quick(for: Style.self)
        return { a, b in a.stroke == b.stroke && sameShape(a.shape, b.shape) && sameStyle(a.style, b.style) }
    }
}

extension Text: OwnInputsComparable {
    nonisolated static func ownInputsEquality() -> (Self, Self) -> Bool { { a, b in a == b } }
}
