import ScanoutGraph

/// Views whose node-local inputs — what their own node lays out and draws from, not the content it passes to
/// its children — compare cheaply. A new value equal in them leaves the node's layout caches and recording as
/// they were (SwiftUI compares a view's inputs before doing anything with a new value); the children compare
/// their own parts when reconciled.
/// Only built-in views (their body is `Never`) conform: `NodeRecipe` asks no other type.
@MainActor
protocol OwnInputsComparable: View {
    /// The comparison of two values of this type (made once per type, see `NodeRecipe`: what it needs to look up
    /// about the type, such as whether a modifier is `Equatable`, is looked up then, not per comparison).
    @MainActor static func ownInputsComparison() -> @MainActor (Self, Self) -> Bool
}

/// Compares two values of one view type by their own inputs (false for values of other types).
typealias OwnInputsEquality = @MainActor (any View, any View) -> Bool

/// The comparison for `view`'s type (a type without one answers false: its new values always count as changed).
/// Which it is, is found when two values are first compared: asking whether the type is `OwnInputsComparable`
/// (and whether its modifier is `Equatable`) scans every conformance in the binary for each type that is not,
/// and most nodes made at start-up never get a second value.
@MainActor
func makeOwnInputsEquality(for view: any View) -> OwnInputsEquality {
    var decided: OwnInputsEquality??
    return { a, b in
        if case .some(let known) = decided { return known?(a, b) ?? false }
        let made = decideOwnInputsEquality(for: a)
        decided = .some(made)
        return made?(a, b) ?? false
    }
}

/// The comparison for `view`'s type, or nil when that type has none.
@MainActor
private func decideOwnInputsEquality(for view: any View) -> OwnInputsEquality? {
    guard let comparable = view as? any OwnInputsComparable else { return nil }
    func make<T: OwnInputsComparable>(_: T) -> OwnInputsEquality {
        let same = T.ownInputsComparison()
        return { a, b in
            guard let x = a.unboxed(as: T.self), let y = b.unboxed(as: T.self) else { return false }
            return same(x, y)
        }
    }
    return make(comparable)
}

extension ViewEquality {
    /// A cheap comparison of `T`s, never wrong when it says equal: `==` of an `Equatable` type, or else
    /// identical bytes of plain data (`==` first: padding bytes, an optional's for one, make equal values
    /// differ in bytes); anything else (closures, references, opaque values) counts as changed.
    static func quickFunction<T>(for type: T.Type) -> (T, T) -> Bool {
        if let eq = Equality.function(for: T.self) { return eq }
        if _isPOD(T.self) { return { a, b in sameBytes(a, b) } }
        return { _, _ in false }
    }
}

extension ModifiedContent: OwnInputsComparable where Content: View, Modifier: ViewModifier {
    @MainActor static func ownInputsComparison() -> @MainActor (Self, Self) -> Bool {
        // (Made and used on the main actor only; the compiler cannot tell for a value made from a metatype.)
        nonisolated(unsafe) let same = ViewEquality.quickFunction(for: Modifier.self)
        return { a, b in same(a.modifier, b.modifier) }
    }
}

extension LayoutContainer: OwnInputsComparable {
    @MainActor static func ownInputsComparison() -> @MainActor (Self, Self) -> Bool {
        nonisolated(unsafe) let same = ViewEquality.quickFunction(for: L.self)
        return { a, b in same(a.layout, b.layout) }
    }
}

extension HStack: OwnInputsComparable {
    @MainActor static func ownInputsComparison() -> @MainActor (Self, Self) -> Bool {
        { a, b in a.alignment == b.alignment && a.spacing == b.spacing }
    }
}

extension VStack: OwnInputsComparable {
    @MainActor static func ownInputsComparison() -> @MainActor (Self, Self) -> Bool {
        { a, b in a.alignment == b.alignment && a.spacing == b.spacing }
    }
}

extension ZStack: OwnInputsComparable {
    @MainActor static func ownInputsComparison() -> @MainActor (Self, Self) -> Bool { { a, b in a.alignment == b.alignment } }
}

extension _ShapeView: OwnInputsComparable {
    @MainActor static func ownInputsComparison() -> @MainActor (Self, Self) -> Bool {
        nonisolated(unsafe) let shapes = ViewEquality.quickFunction(for: Content.self)
        nonisolated(unsafe) let styles = ViewEquality.quickFunction(for: Style.self)
        return { a, b in a.stroke == b.stroke && shapes(a.shape, b.shape) && styles(a.style, b.style) }
    }
}

extension Text: OwnInputsComparable {
    @MainActor static func ownInputsComparison() -> @MainActor (Self, Self) -> Bool { { a, b in a == b } }
}
