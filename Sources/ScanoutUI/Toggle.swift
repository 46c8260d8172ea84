import ScanoutRender

/// A control that turns a Boolean binding on and off (SwiftUI's `Toggle` in iOS's switch style): the label on
/// the leading edge, a 51x31 switch on the trailing edge, and the toggle as wide as proposed. Tapping the
/// switch flips the binding; the toggle redraws when the bound value changes, wherever it is changed from.
public struct Toggle<Label: View>: View {
    let isOn: Binding<Bool>
    let label: Label

    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
        self.isOn = isOn
        self.label = label()
    }

    @Environment(\.toggleStyleChoice) private var style

    public var body: some View {
        style.body(ToggleStyleConfiguration(label: .init(content: AnyView(label)), isOn: isOn))
    }
}

extension Toggle where Label == Text {
    /// A toggle labelled with `title`.
    public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(titleKey) }
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(title) }
    }
}

/// The switch of a `Toggle`: a capsule track (green when on) with a knob at the end for its state.
struct ToggleSwitch: View, PrimitiveView {
    let isOn: Binding<Bool>
    /// The bound value when the toggle's body ran (the body reads it, so it re-runs when it changes).
    let value: Bool
    func makeBehavior() -> NodeBehavior { ToggleSwitchBehavior() }
}

final class ToggleSwitchBehavior: NodeBehavior, HitTestableContent {
    static let size = CGSize(width: 51, height: 31)
    static let knobInset: CGFloat = 2
    var toggle: ToggleSwitch!

    override func update(_ view: any View) -> [ChildSlot]? {
        toggle = (view as! ToggleSwitch)
        return []
    }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { Self.size }
    override func place(in bounds: CGRect) {}

    override func draw(into list: inout DisplayList) {
        let f = node.frame
        let on = toggle.value
        ControlDrawing.group(enabled: node.environment.current.isEnabled, into: &list) { list in
            ControlDrawing.capsule(f, on ? node.environment.current.tint ?? ControlDrawing.switchOn : Palette.switchOff, in: node.environment.current.colorScheme, into: &list)
            let d = f.height - 2 * Self.knobInset
            // The knob rests at the trailing end when on: the left end right to left.
            let atRight = on != (node.environment.current.layoutDirection == .rightToLeft)
            let x = atRight ? f.maxX - Self.knobInset - d / 2 : f.minX + Self.knobInset + d / 2
            ControlDrawing.knob(center: CGPoint(x: x, y: f.midY), diameter: d, into: &list)
        }
    }

    func contentContains(_ point: CGPoint) -> Bool { node.frame.contains(point) }

    override func handlesTouch(at point: CGPoint) -> Bool {
        node.environment.current.isEnabled && node.frame.contains(point)
    }

    override func touchEnded(at point: CGPoint, from start: CGPoint) {
        if node.frame.contains(point) { toggle.isOn.wrappedValue.toggle() }
    }
}
