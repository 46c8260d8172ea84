/// A variant of the symbols in a view (SwiftUI's `SymbolVariants`): `.fill`, `.circle`, `.square`,
/// `.rectangle`, `.slash`, combined as `.circle.fill`. `Image(systemName: "bell")` under `.fill` draws
/// `bell.fill` — the closest of Scanout's symbols to the name asked for: without the shape, then without the
/// fill, then the symbol as named.
public struct SymbolVariants: Hashable, Sendable {
    enum Shape: String, Hashable, Sendable { case circle, square, rectangle }
    var shape: Shape?
    var isFilled = false
    var isSlashed = false

    public static let none = SymbolVariants()
    public static let circle = SymbolVariants(shape: .circle)
    public static let square = SymbolVariants(shape: .square)
    public static let rectangle = SymbolVariants(shape: .rectangle)
    public static let fill = SymbolVariants(isFilled: true)
    public static let slash = SymbolVariants(isSlashed: true)

    public var circle: SymbolVariants { var v = self; v.shape = .circle; return v }
    public var square: SymbolVariants { var v = self; v.shape = .square; return v }
    public var rectangle: SymbolVariants { var v = self; v.shape = .rectangle; return v }
    public var fill: SymbolVariants { var v = self; v.isFilled = true; return v }
    public var slash: SymbolVariants { var v = self; v.isSlashed = true; return v }

    /// Whether these variants include all of `other`'s.
    public func contains(_ other: SymbolVariants) -> Bool {
        (other.shape == nil || other.shape == shape) && (!other.isFilled || isFilled) && (!other.isSlashed || isSlashed)
    }

    /// These variants and `other`'s (the other's shape where both have one).
    func adding(_ other: SymbolVariants) -> SymbolVariants {
        SymbolVariants(shape: other.shape ?? shape, isFilled: isFilled || other.isFilled, isSlashed: isSlashed || other.isSlashed)
    }

    /// The name drawn for `name` with these variants: SF Symbols' order (`bell.slash.circle.fill`), a part the
    /// name already has not added again, falling back as the type's comment says when `exists` lacks a name.
    func name(for name: String, exists: (String) -> Bool) -> String {
        guard self != .none else { return name }
        var parts = name.split(separator: ".").map(String.init)
        func has(_ part: String) -> Bool { parts.contains(part) }
        if isSlashed, !has("slash") { parts.append("slash") }
        let withoutShape = parts
        if let shape, !has(shape.rawValue) { parts.append(shape.rawValue) }
        let fill = isFilled && !has("fill")
        var candidates = [parts + (fill ? ["fill"] : [])]
        if shape != nil { candidates.append(withoutShape + (fill ? ["fill"] : [])) }
        if fill { candidates.append(parts) }
        candidates.append(withoutShape)
        for c in candidates {
            let joined = c.joined(separator: ".")
            if exists(joined) { return joined }
        }
        return name
    }
}

struct SymbolVariantsKey: EnvironmentKey { static let defaultValue = SymbolVariants.none }

extension EnvironmentValues {
    /// The variants symbols are drawn in here.
    public var symbolVariants: SymbolVariants {
        get { self[SymbolVariantsKey.self] }
        set { self[SymbolVariantsKey.self] = newValue }
    }
}

extension View {
    /// Draws the symbols in this view in `variant` too (added to the variants already set above).
    public func symbolVariant(_ variant: SymbolVariants) -> some View {
        transformEnvironment(\.symbolVariants) { $0 = $0.adding(variant) }
    }
}
