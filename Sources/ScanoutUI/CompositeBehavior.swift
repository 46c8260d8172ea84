import Glibc
import Observation
import ScanoutGraph
import ScanoutPlatform

/// What user views and user modifiers share: the value's stored inputs are a source attribute (compared
/// memberwise, or with the type's own `==`), and the body is a rule over it. The rule's reads of state,
/// environment and bindings become graph edges; reads of `@Observable` properties are tracked with the
/// Observation framework, per property; `ObservableObject`s are subscribed to. The node is scheduled when
/// the body attribute is invalidated, and its child is reconciled when the pulled body changed.
@MainActor
class BodyEvaluator<Input, Output: View>: NodeBehavior, SubscribingBehavior {
    private var input: Attribute<Input>?
    /// The body's last output, as the child it becomes (`any View`, boxed as a child slot boxes it anyway: an
    /// attribute of `Output?` looked up that optional type's metadata at every node made and every pull).
    private var body: Attribute<(any View)?>?
    @exclusivity(unchecked) private var reconciledAt: UInt64 = 0
    /// Invalidates the body when a tracked model changes; made when the first tracking is installed (a body
    /// that reads no model makes no tracking, object or registration at all).
    private var observer: ObservationInvalidator?
    /// Ends the trackings of earlier evaluations and reconciles (see `TrackingEpochs`); made when bodies of
    /// this type are known to read models (see `ModelReads`).
    private var epochs: TrackingEpochs?
    /// Whether bodies of this type have read a model (shared by the type's nodes, made with its `NodeRecipe`).
    let modelReads: ModelReads
    /// `ObservableObject`s the last evaluation read, with their subscriptions.
    /// (This and the set below skip the run-time exclusivity checks: main actor, each access closed before the
    /// next.)
    @exclusivity(unchecked) var subscriptions: [ObjectIdentifier: ObservableObjectPublisher.Handle] = [:]
    @exclusivity(unchecked) private var subscribedThisEvaluation: Set<ObjectIdentifier> = []

    init(modelReads: ModelReads) {
        self.modelReads = modelReads
    }

    override var role: LayoutRole { .transparent }
    // The body's output is the child's; an equal input does not even run the body (the graph compares it).
    override var viewValueAffectsOwnOutput: Bool { false }
    override var subscribing: SubscribingBehavior? { self }

    func makeBody(_ input: Input) -> Output { fatalError("subclass") }

    func setInput(_ value: Input) {
        if let input {
            input.setValue(value)
            return
        }
        let graph = node.host.graph
        // (Names are made only when asked for; they hold the view's type, not the node: no cycle.)
        let viewType = type(of: node.view)
        let input = graph.source("\(viewType) inputs", value, isEqual: ViewEquality.function(for: Input.self))
        // Weak: the attributes can outlive the node (a late `@State` write from a task dirties them after the
        // host is gone).
        // A body's output is not compared (as SwiftUI's is not): the children compare their own inputs when
        // they get it. (Asking whether the body's type is Equatable scanned the binary's conformances once per
        // view type at start-up, and most answers were no.)
        let body = graph.rule("\(viewType).body", initial: (any View)?.none, isEqual: { _, _ in false }) { [weak self] () -> (any View)? in
            guard let self else { return nil }
            return self.evaluate(input.value)
        }
        body.onInvalidate { [weak self] in
            guard let self else { return }
            self.node.host.schedule(self.node)
        }
        self.input = input
        self.body = body
        node.host.schedule(node)
    }

    /// Runs the body. It runs inside `refresh`'s tracking, which records its `@Observable` reads.
    private func evaluate(_ value: Input) -> any View {
        node.host.bodyEvaluations += 1
        node.host.evaluationLog?.append(node.name)
        // Installing `@ObservedObject`/`@StateObject` subscribes: start this evaluation's set before it.
        subscribedThisEvaluation.removeAll(keepingCapacity: true)
        DynamicProperties.install(value, on: node)
        observer?.generation &+= 1
        let out = makeBody(value)
        // Objects no longer read are unsubscribed.
        for id in subscriptions.keys where !subscribedThisEvaluation.contains(id) { subscriptions[id] = nil }
        return out
    }

    /// Called by `@ObservedObject`/`@StateObject` when installed: the body re-runs when the object will change.
    func subscribe(to publisher: ObservableObjectPublisher, id: ObjectIdentifier) {
        subscribedThisEvaluation.insert(id)
        if subscriptions[id] != nil { return }
        subscriptions[id] = publisher.subscribe { [weak self] in self?.invalidateBody() }
    }

    /// Pulls the body and, when it changed, reconciles the child here: closures the body returned (`ForEach`
    /// rows, builders of built-in views) run during the reconcile, and what they read is this body's input too
    /// — graph attributes as edges, `@Observable` properties through the same tracking. One tracking covers the
    /// body and its reconcile (one registration per model read, and one for the epoch that ends it); a pull
    /// that did not run the body reads nothing, installs nothing and leaves the last run's tracking in place.
    /// A body of a type not known to read models reads no epoch either: when it reads nothing, Observation
    /// installs nothing (the tracking, its registrar and its ending were ~29,000 instructions a body).
    override func refresh() -> [ChildSlot]? {
        guard let body else { return nil }
        let readsEpoch = modelReads.readsModels
        withObservationTracking({
            guard let out = body.value, body.changedAt != reconciledAt else { return }
            reconciledAt = body.changedAt
            // The body ran again: end the tracking of its last run (before this one is installed, at the end
            // of the scope), and put the epoch in this one so that the next run can end it too.
            if readsEpoch { epochsMade().advance() }
            body.recordingReads { node.reconcile([ChildSlot(key: 0, view: out)]) }
        }, onChange: trackingInstalled())  // evaluated only when something was read, after the body ran
        return nil
    }

    /// The change handler of the tracking being installed; it carries this run's generation. Being called
    /// means the run read a model (or the epoch, which only types known to read models read), so the type is
    /// marked: its bodies read the epoch from now on. Only a run before that mark (the first model-reading run
    /// of a type, per process) leaves a tracking without an epoch, which stays registered until the property
    /// it read changes — one per type, not one per evaluation.
    private func trackingInstalled() -> @Sendable () -> Void {
        modelReads.readsModels = true
        if let observer { return observer.changeHandler() }
        let made = ObservationInvalidator()
        made.behavior = self
        observer = made
        return made.changeHandler()
    }

    private func epochsMade() -> TrackingEpochs {
        if let epochs { return epochs }
        let made = TrackingEpochs()
        epochs = made
        return made
    }

    override func invalidateBody() { body?.invalidate() }

    deinit {
        // Freed without `destroyed()` (a subtree dropped whole): a tracking that is never ended keeps the
        // models it read and itself alive in a cycle (model's registrar ↔ tracking), so end it here too.
        epochs?.end()
    }

    override func destroyed() {
        // A model that outlives the view (shared by screens pushed and popped) keeps no registration of it.
        epochs?.end()
        observer?.behavior = nil
        subscriptions.removeAll()
        body?.destroy()
        input?.destroy()
    }
}

/// A user view: `body` evaluated through the graph.
final class CompositeBehavior<V: View>: BodyEvaluator<V, V.Body> {
    override func update(_ view: any View) -> [ChildSlot]? {
        setInput(view.known(as: V.self))
        return nil
    }

    override func makeBody(_ input: V) -> V.Body { input.body }
}

/// A user `ViewModifier`: `body(content:)` evaluated through the graph; the content placeholder shows the
/// wrapped view, which is pushed to it directly (it is not an input of the modifier's body).
final class UserModifierBehavior<M: ViewModifier>: BodyEvaluator<M, M.Body>, ContentProviding {
    private(set) var content: (any View)?
    private var placeholders: [ModifierContentBehavior] = []

    func register(_ placeholder: ModifierContentBehavior) { placeholders.append(placeholder) }
    var modifierType: ObjectIdentifier { ObjectIdentifier(M.self) }

    override func update(_ view: any View) -> [ChildSlot]? {
        let m = view as! any AnyModifiedContent
        content = m.anyContent
        placeholders.removeAll { $0.node == nil || !$0.node.isAlive }
        for p in placeholders { p.contentChanged(m.anyContent) }
        setInput(m.anyModifier as! M)
        return nil
    }

    override func makeBody(_ input: M) -> M.Body { input.body(content: _ViewModifier_Content<M>()) }
}

/// Whether the caller runs on the main actor, without trapping when it does not. In an app and under XCTest
/// the main actor is the process's main thread. Swift Testing on Linux parks that thread in `dispatch_main` and
/// runs main-actor jobs on the dispatch worker that services the main queue: the thread that last ran a view
/// host's frame or made one (`noteMainActorThread()`) stands for it there.
enum MainActorCheck {
    nonisolated(unsafe) private static var workerThread: pthread_t?

    static var isCurrent: Bool {
        if ProcessThread.isMain { return true }
        guard let workerThread else { return false }
        return pthread_equal(pthread_self(), workerThread) != 0
    }

    @MainActor static func noteMainActorThread() {
        workerThread = ProcessThread.isMain ? nil : pthread_self()
    }
}

/// Ends a body's earlier Observation tracking when it is evaluated again. A tracking stays registered with
/// every model it read until one of the properties it read changes; a body evaluated again for another reason
/// (its state, its inputs) registers anew, so a body reading a property that never changes (a title, a
/// setting) would add a registration at every evaluation, without end — a kiosk's memory growing for months.
/// The Observation framework offers no handle to cancel a tracking, but a tracking that fires removes all its
/// registrations: every tracking also reads this object's epoch, and advancing it before the next one is
/// installed fires (and so ends) the previous one, whose handler sees an old generation and does nothing.
/// Written out rather than with `@Observable`, so that ending can skip the read (a node destroyed inside
/// another body's tracking must not put its epoch there).
/// Not main-actor isolated: a view's behaviour freed without being destroyed (a dropped subtree) ends its
/// tracking from its deinit, which Swift 6.0 does not isolate; it runs on the main thread like the rest.
final class TrackingEpochs: Observable, @unchecked Sendable {
    private let registrar = ObservationRegistrar()
    private var epoch: UInt64 = 0
    /// Whether a tracking has read the epoch: until then there is nothing to end (a body's first run skips
    /// the mutation, a lock and look-ups in the registrar).
    private var wasRead = false

    /// Ends the tracking that read the epoch, and reads it into the one being recorded.
    func advance() {
        registrar.access(self, keyPath: \.epoch)
        end()
        wasRead = true
    }

    /// Ends the tracking that read the epoch.
    func end() {
        guard wasRead else { return }
        registrar.withMutation(of: self, keyPath: \.epoch) { epoch &+= 1 }
    }
}

/// A behaviour that evaluates a body, asked for its type's model-reading mark without naming its generic type.
@MainActor
protocol ModelReadingBehavior: AnyObject {
    var modelReads: ModelReads { get }
}

extension BodyEvaluator: ModelReadingBehavior {}

/// Whether bodies of one type (a view's, a modifier's) have read an `@Observable` property, per process: made
/// once per type with its `NodeRecipe` and shared by the type's nodes. Bodies of the others run without an
/// epoch, so that reading nothing installs nothing (see `BodyEvaluator.refresh`).
@MainActor
final class ModelReads {
    var readsModels = false
}

/// Turns Observation's one-shot change callbacks into body invalidations, on the main actor.
final class ObservationInvalidator: @unchecked Sendable {
    @MainActor weak var behavior: NodeBehavior?
    @MainActor var generation: UInt64 = 0

    /// The change handler of a tracking installed now: it invalidates the body unless it ran again since.
    @MainActor func changeHandler() -> @Sendable () -> Void {
        let generation = self.generation
        return { [self] in fire(generation) }
    }

    func fire(_ generation: UInt64) {
        // Observation calls back on the mutating thread, before the value changes; the body is invalidated
        // now (it runs later, at the frame) when that is the main actor, else via a main-actor task.
        if MainActorCheck.isCurrent {
            MainActor.assumeIsolated { self.invalidate(generation) }
        } else {
            Task { @MainActor in self.invalidate(generation) }
        }
    }

    /// Change callbacks handled in the process, stale ones included (tests check that no stale tracking is left
    /// behind to fire).
    @MainActor static var handledChanges = 0

    @MainActor private func invalidate(_ generation: UInt64) {
        Self.handledChanges += 1
        guard generation == self.generation else { return }  // a stale tracking from an older evaluation
        // A model changed inside `withAnimation`/`withTransaction`: the update applies it with that transaction,
        // as it does a state change.
        if let t = TransactionContext.current, let node = behavior?.node, node.isAlive { node.host.noteTransaction(t) }
        behavior?.invalidateBody()
    }
}
