import ScanoutGraph

/// Whether two style values (button, label, toggle, picker styles held type-erased in the environment) are
/// the same: same type and equal values — `==` when the style is `Equatable`, always for a style without
/// stored properties (the usual case), never otherwise. Setting the same style again then re-runs nothing.
enum StyleIdentity {
    static func same(_ a: Any, _ b: Any) -> Bool {
        guard type(of: a) == type(of: b) else { return false }
        if let equal = Equality.areEqual(a, b) { return equal }
        return Mirror(reflecting: a).children.isEmpty
    }
}
