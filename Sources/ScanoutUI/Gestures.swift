import ScanoutRender

struct TapModifier: PrimitiveModifier {
    let count: Int
    let action: @MainActor () -> Void
    func makeBehavior() -> ModifierBehavior { TapBehavior() }
}

/// A tap: the touch goes down on the view's content (see `contentShape`) and comes up inside its frame.
final class TapBehavior: ModifierBehavior {
    var m: TapModifier!
    override func updateModifier(_ modifier: any ViewModifier) { m = (modifier as! TapModifier) }
    override func handlesTouch(at point: CGPoint) -> Bool {
        node.environment.current.isEnabled && node.frame.contains(point) && node.hitContent(at: point)
    }
    override func touchEnded(at point: CGPoint, from start: CGPoint) {
        if node.frame.contains(point) { m.action() }
    }
}

extension View {
    /// Runs `action` when the view is tapped.
    public func onTapGesture(count: Int = 1, perform action: @escaping @MainActor () -> Void) -> some View {
        modifier(TapModifier(count: count, action: action))
    }
}

/// A control that runs an action when tapped (SwiftUI's `Button`), drawn with the default style: the label
/// in the accent colour, dimmed while pressed or disabled.
public struct Button<Label: View>: View, PrimitiveView {
    let action: @MainActor () -> Void
    let label: Label

    public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        self.action = action
        self.label = label()
    }

    func makeBehavior() -> NodeBehavior { ButtonBehavior<Label>() }
}

extension Button where Label == Text {
    public init(_ title: String, action: @escaping @MainActor () -> Void) {
        self.init(action: action) { Text(title) }
    }
}

final class ButtonBehavior<Label: View>: NodeBehavior {
    var button: Button<Label>!
    private(set) var isPressed = false

    override func update(_ view: any View) -> [ChildSlot]? {
        button = (view as! Button<Label>)
        return slots
    }

    private var slots: [ChildSlot] {
        [ChildSlot(key: 0, view: button.label.foregroundColor(.accentColor).opacity(isPressed ? 0.3 : 1))]
    }

    private func setPressed(_ pressed: Bool) {
        guard pressed != isPressed else { return }
        isPressed = pressed
        node.reconcile(slots)
        node.host.setNeedsFrame()
    }

    /// Touches on the label's content (see `contentShape`) press the button.
    override func handlesTouch(at point: CGPoint) -> Bool {
        node.environment.current.isEnabled && node.frame.contains(point) && node.hitContent(at: point)
    }
    override func touchBegan(at point: CGPoint) { setPressed(true) }
    override func touchMoved(to point: CGPoint, from start: CGPoint) { setPressed(node.frame.contains(point)) }
    override func touchEnded(at point: CGPoint, from start: CGPoint) {
        setPressed(false)
        if node.frame.contains(point) { button.action() }
    }
    override func touchCancelled() { setPressed(false) }

    /// A disabled button is dimmed (read when drawing, so it follows the environment wherever it changed).
    override func draw(into list: inout DisplayList) {
        ControlDrawing.group(enabled: node.environment.current.isEnabled, into: &list) { list in super.draw(into: &list) }
    }
}
