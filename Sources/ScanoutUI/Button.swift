import ScanoutRender

/// A control that runs an action when tapped (SwiftUI's `Button`), drawn with the default style: the label
/// in the accent colour, dimmed while pressed or disabled.
public struct Button<Label: View>: View, PrimitiveView {
    let action: @MainActor () -> Void
    let label: Label
    var role: ButtonRole? = nil

    @preconcurrency public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        self.action = action
        self.label = label()
    }

    func makeBehavior() -> NodeBehavior { ButtonBehavior<Label>() }
}

extension Button where Label == Text {
    @preconcurrency public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {
        self.init(action: action) { Text(titleKey) }
    }
    @_disfavoredOverload
    @preconcurrency public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {
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
        [ChildSlot(key: 0, view: ButtonStyling.body(label: button.label, role: button.role, isPressed: isPressed, action: button.action))]
    }

    private func setPressed(_ pressed: Bool) {
        guard pressed != isPressed else { return }
        isPressed = pressed
        node.reconcile(slots)
        node.host.setNeedsFrame()
    }

    /// Touches on the label's content (see `contentShape`) press the button.
    override func handlesTouch(at point: CGPoint) -> Bool {
        node.environment.current.isEnabled && ButtonStyling.handlesTouches(in: node.environment.current)
            && node.frameContains(asDrawn: point) && node.hitContent(at: point)
    }
    override func touchBegan(at point: CGPoint) { setPressed(true) }
    override func touchMoved(to point: CGPoint, from start: CGPoint) { setPressed(node.frameContains(asDrawn: point)) }
    override func touchEnded(at point: CGPoint, from start: CGPoint) {
        setPressed(false)
        if node.frameContains(asDrawn: point) { button.action() }
    }
    override func touchCancelled() { setPressed(false) }

    /// Tab reaches an enabled button; focused, Return or space presses it.
    override var isFocusable: Bool { node.environment.current.isEnabled }
    override func keyPress(_ press: KeyPress) -> KeyPress.Result {
        guard node.host.focusedNode === node, press.phase == .down, press.key == .return || press.key == .space,
              node.environment.current.isEnabled else { return .ignored }
        button.action()
        return .handled
    }

    override func performsShortcut(_ press: KeyPress) -> Bool {
        let e = node.environment.current
        return e.isEnabled && e.keyboardShortcut?.matches(press) == true
    }
    override func performShortcut() { button.action() }

    /// A disabled button is dimmed (read when drawing, so it follows the environment wherever it changed).
    /// The focused one (Tab) has a focus ring, so a keyboard user sees what Return will press.
    override func draw(into list: inout DisplayList) {
        ControlDrawing.group(enabled: node.environment.current.isEnabled, into: &list) { list in super.draw(into: &list) }
        if node.host.focusedNode === node { ControlDrawing.focusRing(around: node.frame, in: node.environment.current.colorScheme, into: &list) }
    }
}
