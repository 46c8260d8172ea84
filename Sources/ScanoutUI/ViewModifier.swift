import ScanoutRender

/// Changes a view, reusable as a value (SwiftUI's `ViewModifier`).
@MainActor @preconcurrency
public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder func body(content: Self.Content) -> Self.Body
}

/// A view with a modifier applied (SwiftUI's `ModifiedContent`).
public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier
    // (Inlinable, with `modifier(_:)` and the built-in modifiers' entry points: specialized in the app's
    // module, a body builds its modified views without looking their generic types up at run time.)
    @inlinable
    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

@MainActor
protocol AnyModifiedContent {
    var anyContent: any View { get }
    var anyModifier: any ViewModifier { get }
}

extension ModifiedContent: View, PrimitiveView, AnyModifiedContent where Content: View, Modifier: ViewModifier {
    public var body: Never { fatalError("ModifiedContent is a built-in view and has no body") }

    var anyContent: any View { content }
    var anyModifier: any ViewModifier { modifier }

    func makeBehavior() -> NodeBehavior {
        let make = Self.behaviorMaker(for: self)  // (two statements: Swift 6.0.3's type checker crashes on one)
        return make(self)
    }

    /// Whether the modifier is built in is decided once per type (a dynamic cast to a protocol per node was
    /// ~1,000 instructions, and a row of a list has several modifiers): a built-in one's behaviour, or the
    /// body of the app's modifier evaluated through the graph.
    static func behaviorMaker(for view: Self) -> @MainActor (any View) -> NodeBehavior {
        if let primitive = view.modifier as? any PrimitiveModifier { return primitiveMaker(primitive) }
        let modelReads = ModelReads()
        let behaviorType = UserModifierBehavior<Modifier>.self  // (looked up once, as a composite view's)
        return { _ in behaviorType.init(modelReads: modelReads) }
    }

    /// One `ModifiedContentParts` for the type, shared by its nodes (it holds nothing of a node's: made per
    /// node it was an allocation and two generic type look-ups, ~1k instructions, per modifier on screen).
    private static func primitiveMaker<P: PrimitiveModifier>(_: P) -> @MainActor (any View) -> NodeBehavior {
        let parts = ModifiedContentParts<Content, Modifier>()
        return { view in
            let behavior = parts.modifier(of: view).known(as: P.self).makeBehavior()
            behavior.parts = parts
            return behavior
        }
    }
}

/// Takes a modified view of one known type apart (a cast to the concrete type costs much less than one to
/// the `AnyModifiedContent` protocol, and built-in modifiers take a new value apart every update).
@MainActor
class AnyModifiedContentParts {
    /// For behaviours made without a view type (any modified view, through the protocol).
    static let any = AnyModifiedContentParts()

    func split(_ view: any View) -> (modifier: any ViewModifier, content: any View) {
        let m = view as! any AnyModifiedContent
        return (m.anyModifier, m.anyContent)
    }
}

final class ModifiedContentParts<Content: View, Modifier: ViewModifier>: AnyModifiedContentParts {
    override func split(_ view: any View) -> (modifier: any ViewModifier, content: any View) {
        let m = view.known(as: ModifiedContent<Content, Modifier>.self)
        return (m.modifier, m.content)
    }

    /// The modifier alone (the content not boxed into an existential).
    func modifier(of view: any View) -> Modifier {
        view.known(as: ModifiedContent<Content, Modifier>.self).modifier
    }
}

extension View {
    /// Applies a modifier.
    @inlinable
    public func modifier<M>(_ modifier: M) -> ModifiedContent<Self, M> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

/// Built-in modifiers: the runtime makes a behaviour for them instead of evaluating a body.
@MainActor
protocol PrimitiveModifier: ViewModifier where Body == Never {
    func makeBehavior() -> ModifierBehavior
}

extension PrimitiveModifier {
    public func body(content: Content) -> Never { fatalError("\(Self.self) is a built-in modifier") }
}

/// Base of built-in modifiers: one child (the content); layout and drawing pass through unless overridden.
@MainActor
class ModifierBehavior: NodeBehavior {
    /// Takes the view apart (set by the view that made the behaviour).
    var parts = AnyModifiedContentParts.any

    override func update(_ view: any View) -> [ChildSlot]? { [ChildSlot(key: 0, view: updateOnlyChild(view)!)] }

    override func updateOnlyChild(_ view: any View) -> (any View)? {
        let (modifier, content) = parts.split(view)
        updateModifier(modifier)
        return content
    }

    /// The new modifier value (first call at creation).
    func updateModifier(_ modifier: any ViewModifier) {}

    // A modifier that leaves its content where it is shows the content's explicit alignment guides and layout
    // priority as its own; one that moves or resizes its content overrides these.
    override func alignmentGuide(_ key: AlignmentKey, in size: CGSize) -> CGFloat? {
        node.contentUnit.alignmentGuide(key, in: size)
    }

    override var layoutPriority: Double { node.contentUnit.priority }
}

/// The content a user `ViewModifier` wraps, as its `body(content:)` sees it.
public struct _ViewModifier_Content<Modifier: ViewModifier>: View, PrimitiveView {
    func makeBehavior() -> NodeBehavior { ModifierContentBehavior(modifier: ObjectIdentifier(Modifier.self)) }
}

/// Shows the content of the nearest enclosing user modifier of its type: a modifier whose body applies
/// another user modifier to its `content` (SwiftUI allows it) hands that one its own content, not the other's.
final class ModifierContentBehavior: NodeBehavior {
    weak var owner: ContentProviding?
    private let modifier: ObjectIdentifier
    override var role: LayoutRole { .transparent }

    init(modifier: ObjectIdentifier) { self.modifier = modifier }

    override func update(_ view: any View) -> [ChildSlot]? {
        if owner == nil {
            var p = node.parent
            while let n = p, (n.behavior as? ContentProviding)?.modifierType != modifier { p = n.parent }
            owner = p?.behavior as? ContentProviding
            owner?.register(self)
        }
        guard let content = owner?.content else { return [] }
        return [ChildSlot(key: 0, view: content)]
    }

    /// The owner's content changed while its body did not need to run.
    func contentChanged(_ content: any View) {
        node.reconcile([ChildSlot(key: 0, view: content)])
    }
}

@MainActor
protocol ContentProviding: AnyObject {
    var content: (any View)? { get }
    /// The user modifier's type, which its content placeholder names.
    var modifierType: ObjectIdentifier { get }
    func register(_ placeholder: ModifierContentBehavior)
}
