// SwiftUI re-exports Observation: `import ScanoutUI` alone gives an app `@Observable`, as `import SwiftUI` does.
@_exported import Observation

/// Makes bindings to the properties of an `@Observable` object (SwiftUI's `@Bindable`): `$model.name`
/// passed to a `TextField`, `Toggle` or `Stepper`. Reads through the binding are tracked per property,
/// as any read of an `@Observable` object.
@propertyWrapper @dynamicMemberLookup
public struct Bindable<Value> {
    public var wrappedValue: Value

    public init(wrappedValue: Value) where Value: AnyObject & Observable { self.wrappedValue = wrappedValue }
    public init(_ wrappedValue: Value) where Value: AnyObject & Observable { self.wrappedValue = wrappedValue }
    public init(projectedValue: Bindable<Value>) { self = projectedValue }

    public var projectedValue: Bindable<Value> { self }

    @MainActor
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> where Value: AnyObject {
        let object = wrappedValue
        return Binding(location: object, path: [keyPath], get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
    }
}

extension Bindable: DynamicProperty {}
