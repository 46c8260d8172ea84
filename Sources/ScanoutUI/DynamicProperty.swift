@_spi(Reflection) import Swift

/// A stored property the runtime connects to a node's persistent storage before each body evaluation
/// (SwiftUI's `DynamicProperty`). Structs of your own that hold `@State` or `@Environment` properties can
/// conform too: their properties are connected the same way.
public protocol DynamicProperty {
    mutating func update()
}

extension DynamicProperty {
    public mutating func update() {}
}

/// The runtime side of the built-in dynamic properties.
@MainActor
protocol InstallableProperty: DynamicProperty {
    /// Connects this property (part of the view value being evaluated) to `node`'s storage at `slot`.
    func install(on node: ViewNode, slot: Int)
}

@MainActor
enum DynamicProperties {
    /// A stored property that is a dynamic property: its index among the type's stored properties (its slot)
    /// and its offset in the value.
    private struct Field {
        let index: Int
        let offset: Int
        /// Connected itself (`@State`, `@Environment` …).
        let installable: (any InstallableProperty.Type)?
        /// A struct of the app's own holding some (`DynamicProperty`): its fields are connected.
        let nested: (any DynamicProperty.Type)?
    }

    /// Each type's dynamic properties, found once from its metadata (reflecting every view value with `Mirror`
    /// on each body evaluation cost a list of rows a fifth of its first update); nil for a type that is no
    /// struct (its values are reflected).
    private static var fieldsByType: [ObjectIdentifier: [Field]?] = [:]

    /// Connects every dynamic property of `value` (recursively through nested `DynamicProperty` structs).
    static func install(_ value: Any, on node: ViewNode, base: Int = 0) {
        let type = Swift.type(of: value)
        let fields: [Field]?
        if let known = fieldsByType[ObjectIdentifier(type)] {
            fields = known
        } else {
            fields = storedDynamicProperties(of: type)
            fieldsByType[ObjectIdentifier(type)] = .some(fields)
        }
        guard let fields else { return reflect(value, on: node, base: base) }
        if fields.isEmpty { return }
        func connect<V>(_ v: V) {
            withUnsafeBytes(of: v) { bytes in
                guard let start = bytes.baseAddress else { return }
                for f in fields {
                    let slot = slot(f.index, under: base)
                    if let t = f.installable {
                        load(t, at: start + f.offset).install(on: node, slot: slot)
                    } else if let t = f.nested {
                        install(load(t, at: start + f.offset), on: node, base: slot)
                    }
                }
            }
        }
        _openExistential(value, do: connect)
    }

    /// The storage slot of the stored property at `index` of a value whose own slot is `base` (0: the view).
    private static func slot(_ index: Int, under base: Int) -> Int { base &* 64 &+ index &+ 1 }

    /// A copy of the `P` stored at `pointer`.
    private static func load<P>(_ type: P.Type, at pointer: UnsafeRawPointer) -> P {
        pointer.assumingMemoryBound(to: P.self).pointee
    }

    /// Values views hold most that are no dynamic property.
    private static let plainValueTypes: [Any.Type] = [Int.self, String.self, Double.self, Bool.self, Float.self, UInt8.self, Int32.self]  // (CGFloat is Double)

    /// The dynamic properties among a struct's stored properties, in order; nil if `type` is no struct.
    private static func storedDynamicProperties(of type: Any.Type) -> [Field]? {
        var fields: [Field] = []
        var index = 0
        let isStruct = _forEachField(of: type) { _, offset, fieldType, kind in
            // (Most fields are plain data: each first cast of a type is a scan of the binary's conformances. Dynamic
            // properties are structs; a reference, a closure, an optional or the commonest values are not asked.)
            if kind == .struct, !plainValueTypes.contains(where: { $0 == fieldType }), let t = fieldType as? any DynamicProperty.Type {
                if let installable = fieldType as? any InstallableProperty.Type {
                    fields.append(Field(index: index, offset: offset, installable: installable, nested: nil))
                } else {
                    fields.append(Field(index: index, offset: offset, installable: nil, nested: t))
                }
            }
            index += 1
            return true
        }
        return isStruct ? fields : nil
    }

    /// The same through `Mirror`, for values that are not structs (an enum or a class as a view).
    private static func reflect(_ value: Any, on node: ViewNode, base: Int) {
        for (index, child) in Mirror(reflecting: value).children.enumerated() {
            let slot = slot(index, under: base)
            if let p = child.value as? any InstallableProperty {
                p.install(on: node, slot: slot)
            } else if child.value is any DynamicProperty {
                install(child.value, on: node, base: slot)
            }
        }
    }
}
