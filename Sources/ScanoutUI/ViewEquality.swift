import Glibc
import ScanoutGraph

/// Whether a view's stored inputs changed (SwiftUI's comparison before re-running a body), done sensibly:
/// identical bytes are equal without looking further (the same values, objects and closure contexts); otherwise
/// a type's own `==` wins, and so does a stored property's (SwiftUI ignores both for plain-data types); anything
/// else is compared memberwise — `Equatable` properties with `==`, objects by identity, `@State` and
/// `@Environment` as equal (their values live in the graph), bindings by the storage they point at, and
/// closures as different.
enum ViewEquality {
    /// `function(for:)`'s comparisons, one per type. (Unchecked exclusivity: main actor, one access at a time.)
    @MainActor @exclusivity(unchecked) private static var byType: [ObjectIdentifier: AnyObject] = [:]

    /// How two values of `T` compare as a view's inputs: one comparison per type, which decides how at its first
    /// use. Deciding asks the runtime whether `T` is `Equatable`, which for a type that is not (most views) scans
    /// every conformance in the binary, ~170,000 instructions; made per node, that was a tenth of the demo's
    /// start-up, for inputs most of which are never compared (and an allocation per node).
    @MainActor static func function<T>(for type: T.Type) -> (T, T) -> Bool {
        let key = ObjectIdentifier(T.self)
        if let known = byType[key] { return unsafeDowncast(known, to: DecidedOnFirstUse<T>.self).compare }
        let made = DecidedOnFirstUse<T>()
        byType[key] = made
        return made.compare
    }

    /// A type's comparison, decided when it first compares two values.
    private final class DecidedOnFirstUse<T> {
        let compare: (T, T) -> Bool
        init() {
            var decided: ((T, T) -> Bool)?
            compare = { a, b in
                // Identical bytes hold the same values and references (objects, buffers, a closure's context):
                // nothing the view reads differs. Most inputs set again are such (a parent's body ran for another
                // reason), and answering them here spares deciding and reflecting — the runtime's conformance
                // scans for the type and its fields (~5 % of the demo's start-up).
                if ViewEquality.sameBytes(a, b) { return true }
                if let decided { return decided(a, b) }
                let made = ViewEquality.decidedFunction(for: T.self)
                decided = made
                return made(a, b)
            }
        }
    }

    /// The comparison `function(for:)` decides on (see there).
    static func decidedFunction<T>(for type: T.Type) -> (T, T) -> Bool {
        if let eq = Equality.function(for: T.self) { return eq }
        // (Identical bytes were looked at first; bytes that differ may still be equal by a property's `==`.)
        return { a, b in memberwise(a, b) }
    }

    static func sameBytes<T>(_ a: T, _ b: T) -> Bool {
        withUnsafeBytes(of: a) { pa in
            withUnsafeBytes(of: b) { pb in
                guard let x = pa.baseAddress, let y = pb.baseAddress else { return true }
                return memcmp(x, y, pa.count) == 0
            }
        }
    }

    /// Whether `a` and `b` are of one type and have the same bytes (see `DecidedOnFirstUse`).
    static func identical(_ a: Any, _ b: Any) -> Bool {
        func same<T>(_ a: T) -> Bool { (b as? T).map { sameBytes(a, $0) } ?? false }
        return _openExistential(a, do: same)
    }

    /// Whether `a` and `b` compare equal property by property. Their bytes differ: identical ones were looked at
    /// first, for the whole value and for each property, before the type is asked anything — most of a changed
    /// view's properties are unchanged, and each first question about a type (is it `Equatable`, a property of
    /// ours) scans the binary's conformances.
    static func memberwise(_ a: Any, _ b: Any) -> Bool {
        if let e = Equality.areEqual(a, b) { return e }
        if let p = a as? any ComparableProperty { return p.isEqual(to: b) }
        let ma = Mirror(reflecting: a)
        if ma.displayStyle == .class { return (a as AnyObject) === (b as AnyObject) }
        let mb = Mirror(reflecting: b)
        guard ma.children.count == mb.children.count else { return false }
        // A value with nothing to compare and no `==`: plain data of one type by its bytes (which differ); anything
        // else (a closure, an opaque type) counts as changed, unless it is an empty struct or tuple, or nil.
        if ma.children.isEmpty {
            func plainData<T>(_ a: T) -> Bool? { _isPOD(T.self) && b is T ? false : nil }
            return plainData(a) ?? (ma.displayStyle == .optional || ma.displayStyle == .tuple || ma.displayStyle == .struct)
        }
        for (x, y) in zip(ma.children, mb.children) {
            if x.label != y.label || !(identical(x.value, y.value) || memberwise(x.value, y.value)) { return false }
        }
        return true
    }
}

/// Properties with their own notion of "unchanged" for view comparison.
protocol ComparableProperty {
    func isEqual(to other: Any) -> Bool
}

extension State: ComparableProperty {
    func isEqual(to other: Any) -> Bool { other is State<Value> }
}

extension Environment: ComparableProperty {
    func isEqual(to other: Any) -> Bool { (other as? Environment<Value>)?.keyPath == keyPath }
}

extension Binding: ComparableProperty {
    func isEqual(to other: Any) -> Bool {
        guard let o = other as? Binding<Value> else { return false }
        return hasSameLocation(as: o)
    }
}
