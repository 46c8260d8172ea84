import ScanoutUI

/// A reusable row that takes its actions as stored closures — the everyday shape of SwiftUI components. Apple
/// declares these parameters as plain closures (`() -> Void`, not `@MainActor` or `@Sendable`), so passing a
/// stored non-Sendable closure is silent there; a `@MainActor` parameter makes it a data-race warning, and on a
/// gesture (not main-actor isolated) an error.
///
/// Not here: `Button(action:)` (Apple's takes `@MainActor () -> Void` and warns for a stored closure as ours
/// does) and `Binding(get:set:)` (Apple's takes `@isolated(any) @Sendable` closures).
struct StoredActionsRow: View {
    let title: String
    let tap: () -> Void
    let tapAt: (CGPoint) -> Void
    let longPress: () -> Void
    let pressing: (Bool) -> Void
    let valueChanged: (Int, Int) -> Void
    let changed: () -> Void
    let appear: () -> Void
    let disappear: () -> Void
    let submit: () -> Void
    let returnKey: () -> KeyPress.Result
    let anyKey: (KeyPress) -> KeyPress.Result
    let drag: (DragGesture.Value) -> Void
    let tapEnded: (TapGesture.Value) -> Void
    let magnify: (MagnifyGesture.Value) -> Void
    let increment: () -> Void
    let decrement: () -> Void
    let editing: (Bool) -> Void
    let primary: () -> Void
    let dismissed: () -> Void
    let delete: (IndexSet) -> Void
    let move: (IndexSet, Int) -> Void

    @State private var value = 0
    @State private var level = 0.5
    @State private var text = ""
    @State private var isShown = false

    var body: some View {
        VStack {
            Text(title)
                .onTapGesture(perform: tap)
                .onTapGesture(count: 2, perform: tap)
                .onTapGesture(coordinateSpace: .local, perform: tapAt)
                .onChange(of: value, valueChanged)
                .onChange(of: value, initial: true, changed)
                .onAppear(perform: appear)
                .onDisappear(perform: disappear)
                .onKeyPress(.return, action: returnKey)
                .onKeyPress(action: anyKey)
                .onKeyPress(phases: .down, action: anyKey)
                .gesture(DragGesture().onChanged(drag).onEnded(drag))
                .gesture(TapGesture().onEnded(tapEnded))
                .gesture(MagnifyGesture().onChanged(magnify))
                .sheet(isPresented: $isShown, onDismiss: dismissed) { Text("Sheet") }
            TextField("Name", text: $text)
                .onSubmit(submit)
            Stepper("Steps", onIncrement: increment, onDecrement: decrement)
            Stepper("Value", value: $value, onEditingChanged: editing)
            Slider(value: $level, onEditingChanged: editing)
            Menu("More", content: { Text("Item") }, primaryAction: primary)
            List {
                ForEach(0..<3, id: \.self) { Text("Row \($0)") }
                    .onDelete(perform: delete)
                    .onMove(perform: move)
            }
        }
    }
}
