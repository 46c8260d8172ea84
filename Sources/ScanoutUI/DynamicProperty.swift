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
protocol InstallableProperty {
    /// Connects this property (part of the view value being evaluated) to `node`'s storage at `slot`.
    func install(on node: ViewNode, slot: Int)
}

@MainActor
enum DynamicProperties {
    /// Types known to hold no dynamic property (so their values are not reflected on every evaluation).
    private static var plainTypes: Set<ObjectIdentifier> = []

    /// Connects every dynamic property of `value` (recursively through nested `DynamicProperty` structs).
    static func install(_ value: Any, on node: ViewNode, base: Int = 0) {
        let type = ObjectIdentifier(Swift.type(of: value))
        if plainTypes.contains(type) { return }
        var found = false
        for (index, child) in Mirror(reflecting: value).children.enumerated() {
            let slot = base &* 64 &+ index &+ 1
            if let p = child.value as? any InstallableProperty {
                p.install(on: node, slot: slot)
                found = true
            } else if child.value is any DynamicProperty {
                install(child.value, on: node, base: slot)
                found = true
            }
        }
        if !found { plainTypes.insert(type) }
    }
}
