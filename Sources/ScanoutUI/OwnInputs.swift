import ScanoutGraph

/// Views whose node-local inputs — what their own node lays out and draws from, not the content it passes to
/// its children — compare cheaply. A new value equal in them leaves the node's layout caches and recording as
/// they were (SwiftUI compares a view's inputs before doing anything with a new value); the children compare
/// their own parts when reconciled.
@MainActor
protocol OwnInputsComparable: View {
    func hasSameOwnInputs(as other: Self) -> Bool
}

/// Compares two values of one view type by their own inputs (false for values of other types).
typealias OwnInputsEquality = @MainActor (any View, any View) -> Bool

/// The comparison for `view`'s type, or nil when that type has none (its new values always count as changed).
@MainActor
func makeOwnInputsEquality(for view: any View) -> OwnInputsEquality? {
    guard let comparable = view as? any OwnInputsComparable else { return nil }
    func make<T: OwnInputsComparable>(_: T) -> OwnInputsEquality {
        { a, b in
            guard let x = a as? T, let y = b as? T else { return false }
            return x.hasSameOwnInputs(as: y)
        }
    }
    return make(comparable)
}

extension ViewEquality {
    /// Cheap, and never wrong when it says equal: `==` of an `Equatable` value, or else identical bytes of
    /// plain data (`==` first: padding bytes, an optional's for one, make equal values differ in bytes);
    /// anything else (closures, references, opaque values) counts as changed.
    static func quick<T>(_ a: T, _ b: T) -> Bool {
        if let e = Equality.areEqual(a, b) { return e }
        return _isPOD(T.self) && sameBytes(a, b)
    }
}

extension ModifiedContent: OwnInputsComparable where Content: View, Modifier: ViewModifier {
    func hasSameOwnInputs(as other: Self) -> Bool { ViewEquality.quick(modifier, other.modifier) }
}

extension LayoutContainer: OwnInputsComparable {
    func hasSameOwnInputs(as other: Self) -> Bool { ViewEquality.quick(layout, other.layout) }
}

extension HStack: OwnInputsComparable {
    func hasSameOwnInputs(as other: Self) -> Bool { alignment == other.alignment && spacing == other.spacing }
}

extension VStack: OwnInputsComparable {
    func hasSameOwnInputs(as other: Self) -> Bool { alignment == other.alignment && spacing == other.spacing }
}

extension ZStack: OwnInputsComparable {
    func hasSameOwnInputs(as other: Self) -> Bool { alignment == other.alignment }
}

extension _ShapeView: OwnInputsComparable {
    func hasSameOwnInputs(as other: Self) -> Bool {
        stroke == other.stroke && ViewEquality.quick(shape, other.shape) && ViewEquality.quick(style, other.style)
    }
}

extension Text: OwnInputsComparable {
    func hasSameOwnInputs(as other: Self) -> Bool { self == other }
}
