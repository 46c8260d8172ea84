import ScanoutRender

/// A control for choosing a value from a range by dragging (SwiftUI's `Slider`, iOS style): a track as wide as
/// proposed, filled in the accent colour up to a round thumb. Touching the slider moves the thumb under the
/// finger and sets the bound value (clamped to the range, rounded to `step` if given); `onEditingChanged`
/// hears `true` when a touch starts and `false` when it ends. The label is not drawn (as on iOS); value
/// labels are drawn at the ends.
public struct Slider<Label: View, ValueLabel: View>: View {
    let value: Binding<Double>
    let bounds: ClosedRange<Double>
    let step: Double?
    let label: Label
    let minimumValueLabel: ValueLabel
    let maximumValueLabel: ValueLabel
    let onEditingChanged: (Bool) -> Void

    init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride?, label: Label,
                                 minimumValueLabel: ValueLabel, maximumValueLabel: ValueLabel,
                                 onEditingChanged: @escaping (Bool) -> Void) where V.Stride: BinaryFloatingPoint {
        // A binding through Double; it keeps the original's location, so it compares equal to the one made
        // from the same binding next time (and the slider's body does not re-run for nothing).
        self.value = Binding(location: value.location, path: value.path + [\V.self],
                             get: { Double(value.wrappedValue) }, set: { value.wrappedValue = V($0) })
        self.bounds = Double(bounds.lowerBound)...Double(bounds.upperBound)
        self.step = step.map { Double($0) }
        self.label = label
        self.minimumValueLabel = minimumValueLabel
        self.maximumValueLabel = maximumValueLabel
        self.onEditingChanged = onEditingChanged
    }

    public var body: some View {
        HStack {
            minimumValueLabel
            SliderTrack(value: value, current: value.wrappedValue, bounds: bounds, step: step, onEditingChanged: onEditingChanged)
            maximumValueLabel
        }
    }
}

extension Slider where Label == EmptyView, ValueLabel == EmptyView {
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        self.init(value: value, in: bounds, step: nil, label: EmptyView(), minimumValueLabel: EmptyView(),
                  maximumValueLabel: EmptyView(), onEditingChanged: onEditingChanged)
    }

    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        self.init(value: value, in: bounds, step: step, label: EmptyView(), minimumValueLabel: EmptyView(),
                  maximumValueLabel: EmptyView(), onEditingChanged: onEditingChanged)
    }
}

extension Slider where ValueLabel == EmptyView {
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        self.init(value: value, in: bounds, step: nil, label: label(), minimumValueLabel: EmptyView(),
                  maximumValueLabel: EmptyView(), onEditingChanged: onEditingChanged)
    }

    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
                                        @ViewBuilder label: () -> Label,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        self.init(value: value, in: bounds, step: step, label: label(), minimumValueLabel: EmptyView(),
                  maximumValueLabel: EmptyView(), onEditingChanged: onEditingChanged)
    }
}

extension Slider {
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
                                        @ViewBuilder minimumValueLabel: () -> ValueLabel, @ViewBuilder maximumValueLabel: () -> ValueLabel,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        self.init(value: value, in: bounds, step: nil, label: label(), minimumValueLabel: minimumValueLabel(),
                  maximumValueLabel: maximumValueLabel(), onEditingChanged: onEditingChanged)
    }

    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
                                        @ViewBuilder label: () -> Label,
                                        @ViewBuilder minimumValueLabel: () -> ValueLabel, @ViewBuilder maximumValueLabel: () -> ValueLabel,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        self.init(value: value, in: bounds, step: step, label: label(), minimumValueLabel: minimumValueLabel(),
                  maximumValueLabel: maximumValueLabel(), onEditingChanged: onEditingChanged)
    }
}

/// The track and thumb of a `Slider`.
struct SliderTrack: View, PrimitiveView {
    let value: Binding<Double>
    /// The bound value when the slider's body ran (the body reads it, so it re-runs when it changes).
    let current: Double
    let bounds: ClosedRange<Double>
    let step: Double?
    let onEditingChanged: (Bool) -> Void
    func makeBehavior() -> NodeBehavior { SliderTrackBehavior() }
}

final class SliderTrackBehavior: NodeBehavior, HitTestableContent {
    static let thumbDiameter: CGFloat = 28
    static let trackHeight: CGFloat = 4
    var slider: SliderTrack!

    override func update(_ view: any View) -> [ChildSlot]? {
        slider = (view as! SliderTrack)
        return []
    }

    /// As wide as proposed (the thumb's width at least, and for an unspecified width), as tall as the thumb.
    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        CGSize(width: max(proposal.width ?? 0, Self.thumbDiameter), height: Self.thumbDiameter)
    }

    override func place(in bounds: CGRect) {}

    /// The thumb centre's travel: the track less half a thumb at each end.
    private var travel: (start: CGFloat, length: CGFloat) {
        let r = Self.thumbDiameter / 2
        return (node.frame.minX + r, max(0, node.frame.width - 2 * r))
    }

    private var fraction: CGFloat {
        let span = slider.bounds.upperBound - slider.bounds.lowerBound
        guard span > 0 else { return 0 }
        return min(1, max(0, (slider.current - slider.bounds.lowerBound) / span))
    }

    /// Right to left, the minimum is at the right end and the track fills from there.
    private var mirrored: Bool { node.environment.current.layoutDirection == .rightToLeft }

    override func draw(into list: inout DisplayList) {
        let f = node.frame
        let (start, length) = travel
        let thumbX = mirrored ? start + (1 - fraction) * length : start + fraction * length
        let h = Self.trackHeight
        let filled = mirrored ? CGRect(x: thumbX, y: f.midY - h / 2, width: f.maxX - thumbX, height: h)
                              : CGRect(x: f.minX, y: f.midY - h / 2, width: thumbX - f.minX, height: h)
        ControlDrawing.group(enabled: node.environment.current.isEnabled, into: &list) { list in
            ControlDrawing.capsule(CGRect(x: f.minX, y: f.midY - h / 2, width: f.width, height: h), Palette.track, in: node.environment.current.colorScheme, into: &list)
            ControlDrawing.capsule(filled, node.environment.current.resolvedTint, in: node.environment.current.colorScheme, into: &list)
            ControlDrawing.knob(center: CGPoint(x: thumbX, y: f.midY), diameter: Self.thumbDiameter, into: &list)
        }
    }

    /// The value for a touch at `x`: the thumb's centre goes under the finger.
    private func value(at x: CGFloat) -> Double {
        let (start, length) = travel
        var f = length > 0 ? min(1, max(0, (x - start) / length)) : 0
        if mirrored { f = 1 - f }
        let b = slider.bounds
        var v = b.lowerBound + f * (b.upperBound - b.lowerBound)
        if let step = slider.step, step > 0 {
            v = min(b.upperBound, b.lowerBound + ((v - b.lowerBound) / step).rounded() * step)
        }
        return v
    }

    private func set(_ x: CGFloat) {
        let v = value(at: x)
        if v != slider.value.wrappedValue { slider.value.wrappedValue = v }
    }

    func contentContains(_ point: CGPoint) -> Bool { node.frame.contains(point) }

    override func handlesTouch(at point: CGPoint) -> Bool {
        node.environment.current.isEnabled && node.frame.contains(point)
    }
    override func touchBegan(at point: CGPoint) {
        slider.onEditingChanged(true)
        set(point.x)
    }
    override func touchMoved(to point: CGPoint, from start: CGPoint) { set(point.x) }
    override func touchEnded(at point: CGPoint, from start: CGPoint) {
        set(point.x)
        slider.onEditingChanged(false)
    }
    override func touchCancelled() { slider.onEditingChanged(false) }
}
