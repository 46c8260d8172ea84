import Observation

/// A stack of screens with a navigation bar (SwiftUI's `NavigationStack`): the root view, and on top of it a
/// screen per value of the path (shown by the `navigationDestination(for:)` of the value's type) or per view
/// pushed by `NavigationLink(destination:)`. A push slides the new screen in from the trailing edge; the back
/// button, or a swipe from the leading edge that the screen follows under the finger, pops it. Covered screens
/// stay alive with their state. With `path:` the stack follows the binding and writes pushes and pops to it.
public struct NavigationStack<Data, Root: View>: View {
    let root: Root
    let pathAccess: NavigationPathAccess?
    @State private var ownPath = NavigationPath()
    @State private var pushedViews: [PushedView] = []
    @State private var controller = NavigationController()
    @State private var swipeOffset: CGFloat = 0

    public init(@ViewBuilder root: () -> Root) where Data == NavigationPath {
        self.root = root(); pathAccess = nil
    }

    public init(path: Binding<NavigationPath>, @ViewBuilder root: () -> Root) where Data == NavigationPath {
        self.root = root()
        pathAccess = NavigationPathAccess(
            get: { path.wrappedValue.elements },
            append: { path.wrappedValue.elements.append($0) },
            removeLast: { path.wrappedValue.removeLast($0) })
    }

    public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
        where Data: MutableCollection & RandomAccessCollection & RangeReplaceableCollection, Data.Element: Hashable {
        self.root = root()
        pathAccess = NavigationPathAccess(
            get: { path.wrappedValue.map { AnyHashable($0) } },
            append: { if let v = $0.base as? Data.Element { path.wrappedValue.append(v) } },
            removeLast: { path.wrappedValue.removeLast(Swift.min($0, path.wrappedValue.count)) })
    }

    /// The path as the stack reads it: the binding's, or its own. (Through the binding, not `self`: the
    /// controller, kept in this view's state, holds these closures, and `self` holds that state.)
    private var access: NavigationPathAccess {
        let own = $ownPath
        return pathAccess ?? NavigationPathAccess(get: { own.wrappedValue.elements },
                                                  append: { own.wrappedValue.elements.append($0) },
                                                  removeLast: { own.wrappedValue.removeLast($0) })
    }

    static var slide: Animation { .easeOut(duration: 0.3) }

    public var body: some View {
        let path = access.get()
        let views = pushedViews
        let access = self.access
        controller.access = access
        // The controller lives in this view's state: its closures reach the pushed views through the binding,
        // never through `self` (which holds that state: a reference cycle, and the stack would never be freed).
        let pushed = $pushedViews
        controller.pushView = { view in
            withAnimation(Self.slide) { pushed.wrappedValue.append(PushedView(id: (pushed.wrappedValue.last?.id ?? 0) + 1, view: view)) }
        }
        controller.screenCount = { access.get().count + pushed.wrappedValue.count }
        controller.pop = { count in
            var left = count
            let fromViews = Swift.min(left, pushed.wrappedValue.count)
            if fromViews > 0 { pushed.wrappedValue.removeLast(fromViews); left -= fromViews }
            if left > 0 { access.removeLast(left) }
        }
        var screens: [NavigationScreenEntry] = []
        for (i, value) in path.enumerated() { screens.append(NavigationScreenEntry(key: .value(i, value), content: .value(value))) }
        for v in views { screens.append(NavigationScreenEntry(key: .view(v.id), content: .view(v.view))) }
        let top = screens.count
        return GeometryReader { proxy in
            ZStack(alignment: .topLeading) {
                // A screen covered by a pushed one keeps its state but has disappeared (onDisappear, its tasks
                // cancelled), and appears again when it is on top, as in SwiftUI.
                NavigationScreen(level: 0, content: AnyView(root))
                    .appearanceGate(isShown: top == 0)
                ForEach(screens.indices, id: \.self) { i in
                    let entry = screens[i]
                    NavigationScreen(level: i + 1, content: entry.content.view(registry: controller.destinations))
                        .environment(\.dismiss, DismissAction(isPresented: nil, screen: (controller, i + 1)))
                        .appearanceGate(isShown: i + 1 == top)
                        .background(Palette.background)
                        .offset(x: i + 1 == top ? swipeOffset : 0)
                        .transition(.move(edge: .trailing))
                        .id(entry.key)
                }
                if top > 0 {
                    Color.clear
                        .frame(width: Palette.edgeSwipeWidth)
                        .frame(maxHeight: .infinity)
                        .contentShape(Rectangle())
                        .gesture(DragGesture(minimumDistance: 4)
                            .onChanged { swipeOffset = max(0, $0.translation.width) }
                            .onEnded { value in
                                let width = proxy.size.width
                                let moved = max(value.translation.width, value.predictedEndTranslation.width)
                                if value.translation.width > width / 3 || moved > width / 2 {
                                    withAnimation(Self.slide) { controller.pop?(1) }
                                    swipeOffset = 0
                                } else {
                                    withAnimation(Self.slide) { swipeOffset = 0 }
                                }
                            })
                }
            }
        }
        .environment(\.navigationController, controller)
        .modifier(ProvidesEditMode())
    }
}

/// Reads and changes a stack's path whatever its type.
struct NavigationPathAccess {
    let get: @MainActor () -> [AnyHashable]
    let append: @MainActor (AnyHashable) -> Void
    let removeLast: @MainActor (Int) -> Void
}

struct PushedView {
    let id: Int
    let view: AnyView
}

struct NavigationScreenEntry {
    enum Key: Hashable { case value(Int, AnyHashable), view(Int) }
    enum Content {
        case value(AnyHashable), view(AnyView)
        @MainActor func view(registry: NavigationDestinations) -> AnyView {
            switch self {
            case .view(let v): return v
            case .value(let v): return AnyView(NavigationDestinationView(value: v, registry: registry))
            }
        }
    }
    let key: Key
    let content: Content
}

/// What links and back buttons inside a stack use: push, pop, and the destinations registered for value types.
@MainActor
final class NavigationController {
    var access: NavigationPathAccess?
    var pushView: ((AnyView) -> Void)?
    var pop: ((Int) -> Void)?
    /// How many screens are pushed now.
    var screenCount: (() -> Int)?
    let destinations = NavigationDestinations()
    /// Each shown screen's bar model by level, so a screen's back button can name the screen under it.
    /// (Weak: a popped screen's model goes with it.)
    private var screenModels: [Int: WeakScreenModel] = [:]

    func register(_ model: NavigationScreenModel, level: Int) {
        if screenModels[level]?.model !== model { screenModels[level] = WeakScreenModel(model: model) }
    }

    func screenModel(at level: Int) -> NavigationScreenModel? { screenModels[level]?.model }

    func push(value: AnyHashable) {
        guard let access else { return }
        withAnimation(.easeOut(duration: 0.3)) { access.append(value) }
    }
    func push(view: AnyView) { pushView?(view) }
    func popTop() { withAnimation(.easeOut(duration: 0.3)) { pop?(1) } }
    /// `dismiss()` in the screen pushed at `level`: it goes, with every screen above it.
    func dismiss(level: Int) {
        let count = (screenCount?() ?? 0) - level + 1
        guard count > 0 else { return }
        withAnimation(.easeOut(duration: 0.3)) { pop?(count) }
    }
}

struct WeakScreenModel {
    weak var model: NavigationScreenModel?
}

struct NavigationControllerKey: EnvironmentKey { static let defaultValue = WeakReference<NavigationController>(nil) }

extension EnvironmentValues {
    /// Weak (see `WeakReference`): the stack's state owns the controller.
    var navigationController: NavigationController? {
        get { self[NavigationControllerKey.self].object }
        set { self[NavigationControllerKey.self] = WeakReference(newValue) }
    }
}

/// The destinations of value types, registered by `navigationDestination(for:destination:)` where it is
/// written and read by the screens of values (observed: a screen waiting for its type's destination shows it
/// once registered).
@MainActor @Observable
final class NavigationDestinations {
    /// Replaced each time the modifier's body runs (its closure sees the current state); observed only
    /// through `registered`, which changes when a type is new.
    @ObservationIgnored var byType: [ObjectIdentifier: (AnyHashable) -> AnyView] = [:]
    private(set) var registered = 0

    func register(_ type: ObjectIdentifier, _ make: @escaping (AnyHashable) -> AnyView) {
        let isNew = byType[type] == nil
        byType[type] = make
        if isNew { registered += 1 }
    }

    func destination(for type: ObjectIdentifier) -> ((AnyHashable) -> AnyView)? {
        _ = registered
        return byType[type]
    }
}

struct NavigationDestinationView: View {
    let value: AnyHashable
    let registry: NavigationDestinations
    var body: some View {
        if let make = registry.destination(for: ObjectIdentifier(type(of: value.base))) {
            make(value)
        } else {
            Text("No navigationDestination(for: \(String(describing: type(of: value.base))).self) for this value; add one inside the NavigationStack.")
                .foregroundStyle(.secondary)
                .padding()
        }
    }
}

extension View {
    /// Shows values of type `data` pushed on the enclosing stack with `destination`.
    public func navigationDestination<D: Hashable, C: View>(for data: D.Type, @ViewBuilder destination: @escaping (D) -> C) -> some View {
        modifier(NavigationDestinationModifier(make: { AnyView(destination($0.base as! D)) }, type: ObjectIdentifier(D.self)))
    }

    /// Pushes `destination` while `isPresented` is true; popping it sets the binding to false.
    public func navigationDestination<V: View>(isPresented: Binding<Bool>, @ViewBuilder destination: () -> V) -> some View {
        let d = destination()
        return modifier(NavigationPresentedModifier(isPresented: isPresented, destination: AnyView(d)))
    }

    /// Pushes `destination` for `item` while it is not nil (iOS 17); popping the screen sets it to nil. The
    /// screen shows the latest item, and its last one while it slides away.
    public func navigationDestination<D: Hashable, C: View>(item: Binding<D?>, @ViewBuilder destination: @escaping (D) -> C) -> some View {
        modifier(NavigationItemModifier(item: item, destination: destination))
    }
}

struct NavigationItemModifier<D: Hashable, C: View>: ViewModifier {
    let item: Binding<D?>
    let destination: (D) -> C
    /// The item last shown, for the screen's pop after the binding went nil.
    @State private var last: D?

    func body(content: Content) -> some View {
        let shown = item.wrappedValue ?? last
        let item = self.item
        return content
            .navigationDestination(isPresented: Binding(get: { item.wrappedValue != nil },
                                                        set: { if !$0, item.wrappedValue != nil { item.wrappedValue = nil } })) {
                if let shown { destination(shown) }
            }
            .onChange(of: item.wrappedValue) { _, new in if let new { last = new } }
    }
}

struct NavigationDestinationModifier: ViewModifier {
    let make: (AnyHashable) -> AnyView
    let type: ObjectIdentifier
    @Environment(\.navigationController) private var controller

    func body(content: Content) -> some View {
        controller?.destinations.register(type, make)
        return content
    }
}

struct NavigationPresentedModifier: ViewModifier {
    let isPresented: Binding<Bool>
    let destination: AnyView
    @Environment(\.navigationController) private var controller
    /// The destination as of this modifier's latest body: the pushed screen shows it, so a destination built
    /// from state (`if let item = selection { Detail(item) }`) follows that state while it is shown, as in
    /// SwiftUI (a copy taken when it was pushed would not).
    @State private var latest = PresentedDestination()

    func body(content: Content) -> some View {
        latest.view = destination
        let box = latest
        return content.onChange(of: isPresented.wrappedValue) { _, shown in
            if shown { controller?.push(view: AnyView(PresentedDestinationView(box: box).onDisappear { isPresented.wrappedValue = false })) }
        }
    }
}

@Observable @MainActor
final class PresentedDestination {
    var view = AnyView(EmptyView())
}

struct PresentedDestinationView: View {
    let box: PresentedDestination
    var body: some View { box.view }
}
