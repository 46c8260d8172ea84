import ScanoutRender

/// A control that steps a value up and down (SwiftUI's `Stepper`, iOS style): the label leading, a
/// minus|plus pair trailing, the stepper as wide as proposed. Each half is a 52x44 target (iOS's are 47x32:
/// a panel is touched with a fingertip or a glove). A touch steps once at once and, held, again after 0.5 s
/// and every 0.1 s after that (as UIStepper's auto-repeat). With a bound value the ends of the range are
/// enforced and the half that cannot step further is dimmed; `onEditingChanged` hears `true` when a finger
/// goes down on the stepper and `false` when it lifts.
public struct Stepper<Label: View>: View {
    let label: Label
    let onIncrement: (() -> Void)?
    let onDecrement: (() -> Void)?
    let canIncrement: Bool
    let canDecrement: Bool
    let onEditingChanged: (Bool) -> Void

    /// A stepper that calls `onIncrement` and `onDecrement` (`nil`: that half is disabled).
    public init(@ViewBuilder label: () -> Label, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?,
                onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.label = label()
        self.onIncrement = onIncrement
        self.onDecrement = onDecrement
        canIncrement = onIncrement != nil
        canDecrement = onDecrement != nil
        self.onEditingChanged = onEditingChanged
    }

    /// A stepper over `value`, kept within `bounds`, moving by `step`.
    public init<V: Strideable>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
                               onEditingChanged: @escaping (Bool) -> Void = { _ in }, @ViewBuilder label: () -> Label) {
        let current = value.wrappedValue
        self.label = label()
        onIncrement = { value.wrappedValue = Swift.min(value.wrappedValue.advanced(by: step), bounds.upperBound) }
        onDecrement = { value.wrappedValue = Swift.max(value.wrappedValue.advanced(by: -step), bounds.lowerBound) }
        canIncrement = current < bounds.upperBound
        canDecrement = current > bounds.lowerBound
        self.onEditingChanged = onEditingChanged
    }

    /// A stepper over `value` without bounds, moving by `step`.
    public init<V: Strideable>(value: Binding<V>, step: V.Stride = 1,
                               onEditingChanged: @escaping (Bool) -> Void = { _ in }, @ViewBuilder label: () -> Label) {
        self.label = label()
        onIncrement = { value.wrappedValue = value.wrappedValue.advanced(by: step) }
        onDecrement = { value.wrappedValue = value.wrappedValue.advanced(by: -step) }
        canIncrement = true
        canDecrement = true
        self.onEditingChanged = onEditingChanged
    }

    public var body: some View {
        HStack {
            ControlLabel(label: label)
            StepperButtons(onIncrement: onIncrement, onDecrement: onDecrement, canIncrement: canIncrement,
                           canDecrement: canDecrement, onEditingChanged: onEditingChanged)
        }
    }
}

extension Stepper where Label == Text {
    public init(_ titleKey: LocalizedStringKey, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?,
                onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.init(label: { Text(titleKey) }, onIncrement: onIncrement, onDecrement: onDecrement, onEditingChanged: onEditingChanged)
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?,
                                   onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.init(label: { Text(title) }, onIncrement: onIncrement, onDecrement: onDecrement, onEditingChanged: onEditingChanged)
    }

    public init<V: Strideable>(_ titleKey: LocalizedStringKey, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
                               onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.init(value: value, in: bounds, step: step, onEditingChanged: onEditingChanged) { Text(titleKey) }
    }
    @_disfavoredOverload
    public init<S: StringProtocol, V: Strideable>(_ title: S, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
                                                  onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.init(value: value, in: bounds, step: step, onEditingChanged: onEditingChanged) { Text(title) }
    }

    public init<V: Strideable>(_ titleKey: LocalizedStringKey, value: Binding<V>, step: V.Stride = 1,
                               onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.init(value: value, step: step, onEditingChanged: onEditingChanged) { Text(titleKey) }
    }
    @_disfavoredOverload
    public init<S: StringProtocol, V: Strideable>(_ title: S, value: Binding<V>, step: V.Stride = 1,
                                                  onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.init(value: value, step: step, onEditingChanged: onEditingChanged) { Text(title) }
    }
}

/// The minus|plus pair of a `Stepper`.
struct StepperButtons: View, PrimitiveView {
    let onIncrement: (() -> Void)?
    let onDecrement: (() -> Void)?
    let canIncrement: Bool
    let canDecrement: Bool
    let onEditingChanged: (Bool) -> Void
    func makeBehavior() -> NodeBehavior { StepperButtonsBehavior() }
}

final class StepperButtonsBehavior: NodeBehavior, HitTestableContent, AnimationTicking {
    static let half = CGSize(width: 52, height: Palette.minimumHitTarget)
    /// UIStepper's auto-repeat: the first repeat after this long held…
    static let repeatDelay = 0.5
    /// …then one per this interval while the finger stays.
    static let repeatInterval = 0.1

    var stepper: StepperButtons!
    /// The half under the finger (+1 plus, -1 minus), and when the next repeat is due.
    private var press: (direction: Int, nextRepeat: Double)?

    override func update(_ view: any View) -> [ChildSlot]? {
        stepper = (view as! StepperButtons)
        return []
    }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { CGSize(width: 2 * Self.half.width, height: Self.half.height) }
    override func place(in bounds: CGRect) {}

    private func canStep(_ direction: Int) -> Bool { direction > 0 ? stepper.canIncrement : stepper.canDecrement }

    override func draw(into list: inout DisplayList) {
        let f = node.frame
        let env = node.environment.current
        let scheme = env.colorScheme
        ControlDrawing.group(enabled: env.isEnabled, into: &list) { list in
            list.append(.fill(ScanoutRaster.Path(roundedRect: f.raster, cornerRadius: 10), Palette.controlBackground.paint(in: scheme), FillStyle()))
            if let press {
                let half = press.direction < 0 ? CGRect(x: f.minX, y: f.minY, width: f.width / 2, height: f.height)
                                               : CGRect(x: f.midX, y: f.minY, width: f.width / 2, height: f.height)
                list.append(.fill(ScanoutRaster.Path(roundedRect: half.raster, cornerRadius: 10), Palette.highlight.paint(in: scheme), FillStyle()))
            }
            // The divider between the halves.
            let divider = CGRect(x: f.midX - 0.5, y: f.minY + 10, width: 1, height: f.height - 20)
            list.append(.fill(ScanoutRaster.Path(divider.raster), Palette.separator.paint(in: scheme), FillStyle()))
            let arm: CGFloat = 8, thickness: CGFloat = 2
            for direction in [-1, 1] {
                let color = canStep(direction) ? Color.primary : Palette.tertiaryLabel
                let c = CGPoint(x: direction < 0 ? f.minX + f.width / 4 : f.maxX - f.width / 4, y: f.midY)
                var glyph = ScanoutRaster.Path(CGRect(x: c.x - arm, y: c.y - thickness / 2, width: 2 * arm, height: thickness).raster)
                if direction > 0 {
                    glyph.addRect(CGRect(x: c.x - thickness / 2, y: c.y - arm, width: thickness, height: 2 * arm).raster)
                }
                list.append(.fill(glyph, color.paint(in: scheme), FillStyle()))
            }
        }
    }

    func contentContains(_ point: CGPoint) -> Bool { node.frame.contains(point) }

    override func handlesTouch(at point: CGPoint) -> Bool {
        node.environment.current.isEnabled && node.frame.contains(point)
    }

    override func touchBegan(at point: CGPoint) {
        let direction = point.x < node.frame.midX ? -1 : 1
        stepper.onEditingChanged(true)
        guard canStep(direction) else { return }
        press = (direction, node.host.touchEventTime + Self.repeatDelay)
        step(direction)
        node.host.startAnimating(self)
        node.host.setNeedsFrame()
    }

    override func touchMoved(to point: CGPoint, from start: CGPoint) {
        // Sliding off the half stops the repeat (as UIStepper); coming back does not restart it.
        guard let p = press else { return }
        let half = p.direction < 0 ? point.x < node.frame.midX : point.x >= node.frame.midX
        if !half || !node.frame.contains(point) { endPress() }
    }

    override func touchEnded(at point: CGPoint, from start: CGPoint) {
        endPress()
        stepper.onEditingChanged(false)
    }

    override func touchCancelled() {
        endPress()
        stepper.onEditingChanged(false)
    }

    private func endPress() {
        guard press != nil else { return }
        press = nil
        node.host.setNeedsFrame()
    }

    private func step(_ direction: Int) {
        if direction > 0 { stepper.onIncrement?() } else { stepper.onDecrement?() }
    }

    /// Repeats while held; stops at the end of the range (the stepper's body re-ran with the new value).
    func tick(_ now: Double) -> Bool {
        guard var p = press, node.isAlive else { return false }
        while now >= p.nextRepeat - 1e-6, canStep(p.direction) {
            step(p.direction)
            p.nextRepeat += Self.repeatInterval
        }
        press = p
        return true
    }
}
