/// How nodes of one view type are made: its behaviour (a built-in view's own, a shape's, or a body evaluated
/// through the graph) and the comparison of its own inputs. Found once per type: each is a dynamic cast to a
/// protocol, a conformance look-up that cost more than the node (a list of a thousand rows makes thousands of
/// nodes of a handful of types).
@MainActor
struct NodeRecipe {
    let makeBehavior: @MainActor (any View) -> NodeBehavior
    /// Whether two values of the type draw and lay out the same (nil: never known to).
    let ownInputsEquality: OwnInputsEquality?

    // (Unchecked exclusivity: made and read on the main actor, one access at a time, for every node made.)
    @exclusivity(unchecked) private static var byType: [ObjectIdentifier: NodeRecipe] = [:]

    /// The recipe for `view`'s type (`type` is its `ObjectIdentifier`).
    static func recipe(for view: any View, type: ObjectIdentifier) -> NodeRecipe {
        if let known = byType[type] { return known }
        let recipe: NodeRecipe
        if hasBody(view) {
            // A view with a body (every view an app declares) is evaluated through the graph; built-in views,
            // shapes and the views that compare their own inputs have none. Telling them apart by the body's
            // type asks the runtime nothing: a protocol cast that fails scans every conformance in the binary
            // (the first frame made three per type of the app's).
            recipe = NodeRecipe(makeBehavior: composite(view), ownInputsEquality: nil)
        } else {
            recipe = NodeRecipe(makeBehavior: behaviorFactory(for: view), ownInputsEquality: makeOwnInputsEquality(for: view))
        }
        byType[type] = recipe
        return recipe
    }

    /// Whether `V`'s body is a view (not `Never`, as built-in views' and shapes' are).
    private static func hasBody<V: View>(_: V) -> Bool { V.Body.self != Never.self }

    private static func composite<V: View>(_: V) -> @MainActor (any View) -> NodeBehavior {
        let modelReads = ModelReads()
        // (The class looked up once, here: named in the closure, each node made looked its generic type up.)
        let behaviorType = CompositeBehavior<V>.self
        return { _ in behaviorType.init(modelReads: modelReads) }
    }

    private static func behaviorFactory(for view: any View) -> @MainActor (any View) -> NodeBehavior {
        func primitive<P: PrimitiveView>(_ view: P) -> @MainActor (any View) -> NodeBehavior { P.behaviorMaker(for: view) }
        func shape<S: Shape>(_: S) -> @MainActor (any View) -> NodeBehavior {
            { ShapeBehavior(shape: $0.known(as: S.self), style: ForegroundStyle()) }
        }
        if let p = view as? any PrimitiveView { return primitive(p) }
        if let s = view as? any Shape { return shape(s) }
        return composite(view)
    }
}
