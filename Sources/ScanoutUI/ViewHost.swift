import Glibc
import ScanoutGraph
import ScanoutRender

/// Owns a render tree and runs its frame phases: update (bodies, lifecycle handlers, preferences), layout,
/// display list. A display backend or the `TestHost` drives it: it asks for a frame through `onFrameRequest`
/// when something changed, and does nothing otherwise.
@MainActor
package final class ViewHost {
    package let graph = AttributeGraph()
    private(set) var root: ViewNode!
    /// The view with keyboard focus (see `keyPressed`); nil: none.
    weak var focusedNode: ViewNode? {
        // The focused view draws a focus ring: both the old and the new one draw differently now.
        didSet {
            guard oldValue !== focusedNode else { return }
            oldValue?.setNeedsDisplay()
            focusedNode?.setNeedsDisplay()
            focusMoved(from: oldValue, to: focusedNode)
        }
    }
    let rootEnvironment: EnvironmentNode
    private let environmentSource: Attribute<EnvironmentValues>

    /// User views whose body is dirty, to run in this frame's update. (This and the other per-node bookkeeping
    /// below skip the run-time exclusivity checks: main actor, each access closed before the next; the checks
    /// were a thirtieth of a big tree's first update.)
    @exclusivity(unchecked) private var scheduled: [ViewNode] = []
    /// Nodes created since the last appear pass.
    @exclusivity(unchecked) private var created: [ViewNode] = []
    /// Lifecycle and change handlers waiting for the end of the body pass, with the view that queued them.
    private var actions: [(owner: Any.Type, run: () -> Void)] = []
    /// `onDisappear` actions of this pass: they run after its other actions, so a view that replaces another
    /// (a new `.id`, the other branch of an `if`, a pushed screen, another tab) runs its `onAppear` before the
    /// old one's `onDisappear`, as in SwiftUI.
    private var disappearActions: [(owner: Any.Type, run: () -> Void)] = []
    private var pendingActionCount: Int { actions.count + disappearActions.count }
    /// Something about the tree changed since the last layout (structure, values).
    @exclusivity(unchecked) var structureChanged = false
    /// Whether an `alignmentGuide` modifier was ever made here (until then no view has an explicit guide,
    /// and layout does not ask down the modifier chains for one).
    var hasExplicitAlignmentGuides = false
    /// Whether a geometry effect (`rotationEffect`, `scaleEffect`) was ever made here (until then a touch point
    /// is the same in every node's coordinates, and mapping it walks nothing).
    var hasGeometryEffects = false
    /// Whether a `zIndex` was ever set here (until then children draw in their order without a look).
    var hasZIndex = false
    /// State written while a body was being evaluated: its readers are dirtied at the end of the update, so
    /// the write shows in the next frame (see `stateChangedDuringUpdate`).
    private var writesDuringUpdate: [() -> Void] = []
    /// Views already warned about writing state during an update (each is named once).
    private var warnedStateWriters: Set<String> = []

    /// Whether the runner wakes the host at `nextWakeTime` (the caret blinks only then; see `CaretBlink`).
    package var wakesForCaretBlink = false
    /// The date at time 0 of the host's clock (`date(at:)`): what `TimelineView`s show. A runner sets it when
    /// its clock starts; a test host to a date of its choosing, so the dates follow the simulated clock.
    package var startDate = Date()
    /// The `TimelineView`s shown, by behaviour (see `TimelineView.swift`).
    var timelines: [ObjectIdentifier: any TimelineUpdating] = [:]

    /// The size views are laid out in (points).
    package var size: CGSize { didSet { if size != oldValue { needsLayout = true; requestFrame() } } }
    /// What the root view keeps clear along each edge (the board's `safe-area`; see `SafeArea.swift`).
    package var safeAreaInsets = EdgeInsets() { didSet { if safeAreaInsets != oldValue { needsLayout = true; requestFrame() } } }
    package private(set) var needsLayout = true
    /// Increases with each layout pass (invalidates the nodes' size caches).
    var layoutGeneration = 0
    /// Counts writes into nodes' layout caches and placements (see `ViewNode.invalidateLayout`).
    @exclusivity(unchecked) var layoutCacheWrites: UInt64 = 0  // (counted by layout only: see `ViewNode.sizeCache`)
    /// Whether a frame should run (state changed, input arrived, size changed).
    package private(set) var needsFrame = true
    /// Called when `needsFrame` becomes true (the scheduler's hook; a display arms its next frame).
    package var onFrameRequest: (() -> Void)?
    /// How many times handlers may cause another pass of updates in one frame before they are cut off.
    package static let maximumPasses = 8
    /// Warnings (handlers updating too many times per frame, unsupported input) in order.
    package private(set) var warnings: [String] = []
    /// The frame's time in seconds (the display clock; simulated in tests). Animations run on it.
    package private(set) var time: Double = 0
    /// The transaction of the state changes this update is applying (`withAnimation`), if any.
    private(set) var currentTransaction: Transaction?
    /// The transaction state changes made since the last update joined.
    private var pendingTransaction: Transaction?
    /// Counts updates (implicit animations compare it to know whether their value changed in this one).
    private(set) var updateGeneration = 0
    /// Behaviours whose presentation values are animating.
    private var animating: [ObjectIdentifier: AnimationTicking] = [:]
    /// Where the views of each matched-geometry id are (see `MatchedGeometryEffect.swift`).
    let matchedGeometry = MatchedGeometryRegistry()
    /// Presentation values moved since the last update (the frame must be laid out and drawn again).
    private var presentationChanged = false
    @exclusivity(unchecked) private var lastNodeID: UInt64 = 0
    /// View nodes made so far (for tests and benchmarks: an update should reuse the nodes whose identity stayed).
    package var nodesCreated: UInt64 { lastNodeID }
    func makeNodeID() -> UInt64 {
        lastNodeID += 1
        return lastNodeID
    }

    /// Whether any presentation value is animating (frames keep coming until none is).
    package var isAnimating: Bool { !animating.isEmpty }
    /// Bodies evaluated so far (for tests and benchmarks).
    @exclusivity(unchecked) package internal(set) var bodyEvaluations = 0
    /// When set, the name of each view whose body runs is appended (for tests).
    @exclusivity(unchecked) package var evaluationLog: [String]?
    /// Preference observers, checked after each body pass.
    var preferenceObservers: [PreferenceObserving] = []
    /// Where `@SceneStorage` values live: in memory, as long as the host (the scene).
    let sceneStorage = AppStorageStore(directory: nil)
    /// `onGeometryChange` observers, checked after each layout pass.
    var geometryObservers: [GeometryObserving] = []
    /// How many `anchorPreference` writers are alive: while any is, preferences are read again after each layout.
    var anchorPreferenceWriters = 0
    /// What the presentation layer shows, in order (see `PresentationRoot`).
    var presentations: [Presentation] = []
    /// `ScrollViewProxy.scrollTo` calls not carried out yet (see `ScrollRequest`).
    var scrollRequests: [ScrollRequest] = []

    package init<V: View>(rootView: V, size: CGSize, environment: EnvironmentValues = EnvironmentValues()) {
        self.size = size
        MainActorCheck.noteMainActorThread()
        environmentSource = graph.source("root environment", environment, isEqual: EnvironmentValues.areEqual)
        rootEnvironment = EnvironmentNode(graph: graph, values: environmentSource)
        root = ViewNode(host: self, parent: nil, slot: ChildSlot(key: 0, view: PresentationRoot(content: rootView)), environment: rootEnvironment)
    }

    /// Gives the root a new view value of the same type (an app's root re-rendered with new inputs).
    package func setRootView<V: View>(_ view: V) {
        root.setView(PresentationRoot(content: view))
        requestFrame()
    }

    /// Replaces the root environment (display size, scale, rotation...).
    package func setEnvironment(_ transform: (inout EnvironmentValues) -> Void) {
        var e = graph.untracked { environmentSource.value }
        transform(&e)
        environmentSource.setValue(e)
        root.invalidateSubtreeLayout()
        needsLayout = true
        requestFrame()
    }

    package var environment: EnvironmentValues { rootEnvironment.current }

    func requestFrame() {
        if !needsFrame {
            needsFrame = true
            onFrameRequest?()
        }
    }

    /// Input arrived (or time passed for something that needs it): the next frame must run.
    package func setNeedsFrame() { requestFrame() }

    /// Something moved without a view value changing (a scroll offset): the next frame lays the tree out again.
    func setNeedsLayout() {
        needsLayout = true
        requestFrame()
    }

    func schedule(_ node: ViewNode) {
        guard !node.isScheduled, node.isAlive else { return }
        node.isScheduled = true
        scheduled.append(node)
        requestFrame()
    }

    func nodeCreated(_ node: ViewNode) {
        created.append(node)
        structureChanged = true
    }

    /// Queues a handler to run after the bodies of this pass, before anything is drawn.
    func enqueue(from node: ViewNode, _ action: @escaping () -> Void) {
        actions.append((node.owningViewType, action))
        requestFrame()
    }

    /// Queues an `onDisappear` action: after the pass's other actions (see `disappearActions`).
    func enqueueDisappearance(from node: ViewNode, _ action: @escaping () -> Void) {
        disappearActions.append((node.owningViewType, action))
        requestFrame()
    }

    /// `owner`'s state changed while the rule `rule` (a body) was being evaluated — SwiftUI's "Modifying state
    /// during view update". The body that wrote it may already have read the old value, and its write cannot
    /// dirty it while it runs, so `invalidate` runs after this frame's update: the write shows in the next
    /// frame. A body that always writes therefore re-runs once per frame, not in a loop within one.
    func stateChangedDuringUpdate(of owner: ViewNode, in rule: String, invalidate: @escaping () -> Void) {
        if warnedStateWriters.insert(owner.name).inserted {
            warn("\(owner.name): state modified during a view update (in \(rule)); it takes effect in the next frame")
        }
        writesDuringUpdate.append(invalidate)
    }

    func warn(_ message: String) {
        warnings.append(message)
        print("scanout: " + message)
    }

    // MARK: Frame phases

    /// Runs bodies (shallowest first), appear handlers, preference observers and change handlers until the
    /// tree is stable, at most `maximumPasses` times. Returns whether anything changed.
    @discardableResult
    package func update() -> Bool {
        MainActorCheck.noteMainActorThread()
        needsFrame = false
        updateGeneration += 1
        currentTransaction = pendingTransaction
        pendingTransaction = nil
        defer { currentTransaction = nil }
        var changed = structureChanged || presentationChanged
        presentationChanged = false
        var pass = 0
        while true {
            while !scheduled.isEmpty {
                var batch = scheduled
                scheduled.removeAll(keepingCapacity: true)
                batch.sort { $0.depth < $1.depth }
                for node in batch where node.isScheduled { node.refresh() }
                changed = true
            }
            let appeared = created
            created.removeAll(keepingCapacity: true)
            for node in appeared where node.isAlive && node.appearsWithParent { node.appearIfNeeded() }
            for observer in preferenceObservers { observer.checkPreferences() }
            if pendingActionCount == 0 && scheduled.isEmpty { break }
            pass += 1
            if pass > Self.maximumPasses {
                let owners = Set((actions + disappearActions).map { String(describing: $0.owner) }).sorted().joined(separator: ", ")
                warn("\(owners): a change handler tried to update multiple times per frame; its pending calls are dropped")
                actions.removeAll()
                disappearActions.removeAll()
                break
            }
            let batch = disappearActions.isEmpty ? actions : actions + disappearActions
            actions.removeAll(keepingCapacity: true)
            disappearActions.removeAll(keepingCapacity: true)
            for action in batch { action.run() }
            if let t = pendingTransaction {
                currentTransaction = t
                pendingTransaction = nil
            }
            changed = true
        }
        if changed { needsLayout = true }
        structureChanged = false
        let writes = writesDuringUpdate
        writesDuringUpdate.removeAll()
        for invalidate in writes { invalidate() }
        // Requests made while updating were for this frame; only what is still pending needs another.
        needsFrame = !scheduled.isEmpty || pendingActionCount > 0
        if !animating.isEmpty || hasEveryFrameTimeline { requestNextFrame() }
        return changed
    }

    /// Advances the clock to `now` (the frame's time) and moves every animating presentation value; call it
    /// at the start of each frame, before `update()`.
    package func advanceTime(to now: Double) {
        blinkCaretIfDue(previous: time, now: now)
        advanceTimelines(to: now)
        time = now
        guard !animating.isEmpty else { return }
        for (id, a) in animating {
            if !a.tick(now) { animating[id] = nil }
            // Presentation values are read when drawing (a node destroyed by an earlier tick is skipped).
            if let node = (a as? NodeBehavior)?.node, node.isAlive { node.setNeedsDisplay() }
        }
        presentationChanged = true
        needsLayout = true
        requestFrame()
    }

    /// A state change made inside `withAnimation`/`withTransaction`: the next update applies it with that transaction.
    func noteTransaction(_ t: Transaction) {
        pendingTransaction = t
    }

    /// A behaviour started animating: it is ticked every frame until it reports it is done.
    func startAnimating(_ a: AnimationTicking) {
        animating[ObjectIdentifier(a)] = a
        requestNextFrame()
    }

    func stopAnimating(_ a: AnyObject) { animating[ObjectIdentifier(a)] = nil }

    /// Asks for the next frame even though the current one is running (animations continue).
    private func requestNextFrame() {
        needsFrame = false
        requestFrame()
    }

    /// Lays the tree out in `size`: the root gets the safe area (the whole size without insets) proposed and is
    /// centred in it, as in a window.
    /// Layout can make views (lazy stacks create rows, geometry readers re-evaluate their content) and queue
    /// their appear actions; those run, and the tree is laid out again, before anything is drawn.
    package func layout() {
        for _ in 0...Self.maximumPasses {
            let pending = created.count + scheduled.count + pendingActionCount
            needsLayout = false
            layoutGeneration += 1
            // The root is offered the safe area and centred in it, as in a window.
            let safe = safeRect
            let s = root.sizeThatFits(ProposedViewSize(safe.size))
            let origin = CGPoint(x: (safe.minX + (safe.width - s.width) / 2).rounded(),
                                 y: (safe.minY + (safe.height - s.height) / 2).rounded())
            root.place(in: CGRect(origin: origin, size: s))
            if !scrollRequests.isEmpty { attemptScrollRequests() }
            for observer in geometryObservers { observer.checkGeometry() }
            if anchorPreferenceWriters > 0 { for observer in preferenceObservers { observer.checkPreferences() } }
            if created.count + scheduled.count + pendingActionCount > pending { update() }
            if !needsLayout { return }
        }
        warn("layout did not settle after \(Self.maximumPasses) passes; the rest waits for the next frame")
    }

    /// The display list of the laid-out tree. Recordings are retained per node: only the nodes whose drawing
    /// may have changed are recorded again, and the list says which ranges changed since the previous one
    /// (`DisplayList.edits`) so damage tracking compares only those.
    package func makeDisplayList() -> DisplayList {
        var edits: [DisplayList.Edit] = []
        root.updateRecording(oldBase: 0, newBase: 0, in: &wholeDrawing, edits: &edits)
        var list = wholeDrawing
        displayListRevision += 1
        list.revision = DisplayList.Revision(source: recorderID, number: displayListRevision)
        list.edits = edits
        if verifiesRecordings { verifyRecording(list) }
        return list
    }

    /// The display list recorded from scratch, every node's behaviour drawing again (what the retained
    /// recordings must always equal).
    package func makeFreshDisplayList() -> DisplayList {
        recordsFresh = true
        defer { recordsFresh = false }
        var list = DisplayList()
        root.draw(into: &list)
        return list
    }

    private func verifyRecording(_ list: DisplayList) {
        let fresh = makeFreshDisplayList()
        guard !list.drawsSame(as: fresh) else { return }
        let i = zip(list.items.indices, zip(list.owners, fresh.owners)).first { $0.1.0 != $0.1.1 }?.0 ?? min(list.count, fresh.count)
        preconditionFailure("retained display list differs from a fresh recording (\(list.count) vs \(fresh.count) items, first difference near item \(i)): a change did not call setNeedsDisplay")
    }

    /// Distinguishes this host's display lists from other recorders' (see `DisplayList.Revision`).
    private let recorderID: UInt64 = {
        ViewHost.lastRecorderID += 1
        return ViewHost.lastRecorderID
    }()
    private static var lastRecorderID: UInt64 = 0
    private var displayListRevision = 0
    /// The root's whole drawing, patched in place frame after frame (see `NodeRecording`). (Unchecked
    /// exclusivity: the main actor only, passed down the recording walk as one access.)
    @exclusivity(unchecked) private var wholeDrawing = DisplayList()
    /// While recording a node's own items: the children it drew, where (see `NodeRecording`). (Unchecked
    /// exclusivity, as `ViewNode.recording`.)
    @exclusivity(unchecked) var childSplices: [Splice] = []
    /// Whether `ViewNode.draw(into:)` records children in place (a fresh list) instead of splicing.
    private(set) var recordsFresh = false
    /// Nodes whose own items were recorded so far (for tests and benchmarks).
    @exclusivity(unchecked) package internal(set) var recordedNodes = 0
    /// When set, every display list is compared with a fresh recording and a difference stops the program
    /// (the test host sets it: a missed `setNeedsDisplay` shows as a failure, not as stale pixels).
    package var verifiesRecordings = false

    // MARK: Touch (routing: TouchRouting.swift)

    /// The touches down now, by id: the node that has each, where it went down (root coordinates), and whether
    /// it is an extra finger for a node that already had one (see `NodeBehavior.acceptsAdditionalTouch`).
    var activeTouches: [Int: (node: ViewNode, start: CGPoint, additional: Bool)] = [:]
    /// The time of the touch event being delivered (the platform's event time; the frame's `time` when it has
    /// none). Behaviours read it for velocities: several moves can arrive in one frame.
    var touchEventTime: Double = 0
}

extension ViewNode {
    /// Whether this node appears with its parent (lazy containers decide for their rows themselves).
    /// A node under one that has not appeared (a lazy row's subtree) waits for it.
    var appearsWithParent: Bool {
        guard let parent else { return true }
        return parent.hasAppeared && parent.behavior.childrenAppearWithParent
    }

    /// A node being removed (playing its removal transition) takes no touches.
    var allowsHitTesting: Bool { !isRemoving && environment.current.isHitTestingAllowed }

    /// The user view this node is part of — itself or its nearest ancestor with a body (only those subscribe)
    /// — as handlers and warnings name it: the view the developer wrote, not a modifier's generic type.
    var owningViewName: String { String(describing: owningViewType) }

    /// The type of the view `owningViewName` names (kept by queued handlers: the name is made only for a warning,
    /// and making it — demangling a nested generic type — cost more than the handler).
    var owningViewType: Any.Type {
        var n: ViewNode? = self
        while let node = n {
            if node.behavior.subscribing != nil { return type(of: node.view) }
            n = node.parent
        }
        return type(of: view)
    }
}
