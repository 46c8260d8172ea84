import Glibc

/// A value within a range, shown by the environment's `GaugeStyle` (SwiftUI's `Gauge`): a capacity bar by
/// default, or a dial (`.accessoryCircular`, `.accessoryCircularCapacity`) — a kiosk dashboard's gauges.
/// The value is clamped to the range; the fill and marker are drawn in the tint.
public struct Gauge<Label: View, CurrentValueLabel: View, BoundsLabel: View, MarkedValueLabels: View>: View {
    let fraction: Double
    let label: Label
    let currentValueLabel: CurrentValueLabel
    let minimumValueLabel: BoundsLabel
    let maximumValueLabel: BoundsLabel
    @Environment(\.gaugeStyleChoice) private var style

    init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V>, label: Label, currentValueLabel: CurrentValueLabel,
                                 minimumValueLabel: BoundsLabel, maximumValueLabel: BoundsLabel) {
        let span = Double(bounds.upperBound - bounds.lowerBound)
        let f = span > 0 ? Double(value - bounds.lowerBound) / span : 0
        fraction = f.isNaN ? 0 : Swift.min(1, Swift.max(0, f))  // NaN geometry never reaches the rasterizer
        self.label = label
        self.currentValueLabel = currentValueLabel
        self.minimumValueLabel = minimumValueLabel
        self.maximumValueLabel = maximumValueLabel
    }

    public var body: some View {
        style.body(GaugeStyleConfiguration(
            value: fraction, label: .init(content: AnyView(label)),
            currentValueLabel: CurrentValueLabel.self == EmptyView.self ? nil : .init(content: AnyView(currentValueLabel)),
            minimumValueLabel: BoundsLabel.self == EmptyView.self ? nil : .init(content: AnyView(minimumValueLabel)),
            maximumValueLabel: BoundsLabel.self == EmptyView.self ? nil : .init(content: AnyView(maximumValueLabel))))
    }
}

extension Gauge where CurrentValueLabel == EmptyView, BoundsLabel == EmptyView, MarkedValueLabels == EmptyView {
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label) {
        self.init(value: value, in: bounds, label: label(), currentValueLabel: EmptyView(), minimumValueLabel: EmptyView(), maximumValueLabel: EmptyView())
    }
}

extension Gauge where BoundsLabel == EmptyView, MarkedValueLabels == EmptyView {
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
                                        @ViewBuilder currentValueLabel: () -> CurrentValueLabel) {
        self.init(value: value, in: bounds, label: label(), currentValueLabel: currentValueLabel(), minimumValueLabel: EmptyView(), maximumValueLabel: EmptyView())
    }
}

extension Gauge where MarkedValueLabels == EmptyView {
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
                                        @ViewBuilder currentValueLabel: () -> CurrentValueLabel,
                                        @ViewBuilder minimumValueLabel: () -> BoundsLabel, @ViewBuilder maximumValueLabel: () -> BoundsLabel) {
        self.init(value: value, in: bounds, label: label(), currentValueLabel: currentValueLabel(),
                  minimumValueLabel: minimumValueLabel(), maximumValueLabel: maximumValueLabel())
    }
}

/// How a gauge looks (SwiftUI's `GaugeStyle`).
@MainActor @preconcurrency
public protocol GaugeStyle {
    associatedtype Body: View
    @ViewBuilder func makeBody(configuration: Self.Configuration) -> Self.Body
    typealias Configuration = GaugeStyleConfiguration
}

/// What a `GaugeStyle` draws from (SwiftUI's `GaugeStyleConfiguration`).
public struct GaugeStyleConfiguration {
    /// A label of the gauge, type-erased.
    public struct Label: View {
        let content: AnyView
        public var body: AnyView { content }
    }
    /// Where the value lies in the range, 0...1.
    public var value: Double
    public var label: GaugeStyleConfiguration.Label
    public var currentValueLabel: GaugeStyleConfiguration.Label?
    public var minimumValueLabel: GaugeStyleConfiguration.Label?
    public var maximumValueLabel: GaugeStyleConfiguration.Label?
}

/// A bar filled up to the value, the label and current value above it, the bounds below
/// (SwiftUI's `LinearCapacityGaugeStyle`, iOS's default).
public struct LinearCapacityGaugeStyle: GaugeStyle {
    nonisolated public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        VStack(alignment: .leading, spacing: 6) {
            HStack {
                configuration.label
                Spacer(minLength: 8)
                configuration.currentValueLabel.foregroundColor(.secondary)
            }
            GaugeBar(fraction: configuration.value, marker: false)
            if configuration.minimumValueLabel != nil || configuration.maximumValueLabel != nil {
                HStack {
                    configuration.minimumValueLabel
                    Spacer(minLength: 8)
                    configuration.maximumValueLabel
                }
                .font(.caption)
                .foregroundColor(.secondary)
            }
        }
    }
}

/// A thin track with a marker at the value, the bounds at its ends (SwiftUI's `AccessoryLinearGaugeStyle`).
public struct AccessoryLinearGaugeStyle: GaugeStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        VStack(alignment: .leading, spacing: 4) {
            configuration.label.font(.caption)
            HStack(spacing: 6) {
                configuration.minimumValueLabel.font(.caption)
                GaugeBar(fraction: configuration.value, marker: true)
                configuration.maximumValueLabel.font(.caption)
            }
        }
    }
}

/// A bar filled up to the value, the bounds at its ends (SwiftUI's `AccessoryLinearCapacityGaugeStyle`).
public struct AccessoryLinearCapacityGaugeStyle: GaugeStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        VStack(alignment: .leading, spacing: 4) {
            configuration.label.font(.caption)
            HStack(spacing: 6) {
                configuration.minimumValueLabel.font(.caption)
                GaugeBar(fraction: configuration.value, marker: false)
                configuration.maximumValueLabel.font(.caption)
            }
        }
    }
}

/// An open ring (a gap at the bottom) with a marker at the value, the current value inside and the bounds
/// in the gap (SwiftUI's `AccessoryCircularGaugeStyle`), 72 points across instead of a watch face's 58.
public struct AccessoryCircularGaugeStyle: GaugeStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        GaugeDial(configuration: configuration, capacity: false)
    }
}

/// A closed ring filled clockwise from the top up to the value, the current value (else the label) inside
/// (SwiftUI's `AccessoryCircularCapacityGaugeStyle`).
public struct AccessoryCircularCapacityGaugeStyle: GaugeStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        GaugeDial(configuration: configuration, capacity: true)
    }
}

public struct DefaultGaugeStyle: GaugeStyle {
    nonisolated public init() {}
    public func makeBody(configuration: Configuration) -> some View { LinearCapacityGaugeStyle().makeBody(configuration: configuration) }
}

extension GaugeStyle where Self == DefaultGaugeStyle { public static var automatic: DefaultGaugeStyle { DefaultGaugeStyle() } }
extension GaugeStyle where Self == LinearCapacityGaugeStyle { public static var linearCapacity: LinearCapacityGaugeStyle { LinearCapacityGaugeStyle() } }
extension GaugeStyle where Self == AccessoryLinearGaugeStyle { public static var accessoryLinear: AccessoryLinearGaugeStyle { AccessoryLinearGaugeStyle() } }
extension GaugeStyle where Self == AccessoryLinearCapacityGaugeStyle {
    public static var accessoryLinearCapacity: AccessoryLinearCapacityGaugeStyle { AccessoryLinearCapacityGaugeStyle() }
}
extension GaugeStyle where Self == AccessoryCircularGaugeStyle { public static var accessoryCircular: AccessoryCircularGaugeStyle { AccessoryCircularGaugeStyle() } }
extension GaugeStyle where Self == AccessoryCircularCapacityGaugeStyle {
    public static var accessoryCircularCapacity: AccessoryCircularCapacityGaugeStyle { AccessoryCircularCapacityGaugeStyle() }
}

struct GaugeStyleChoice: Equatable, @unchecked Sendable {  // styles are values made and read on the main actor
    let style: any GaugeStyle
    @MainActor func body(_ configuration: GaugeStyleConfiguration) -> AnyView { AnyView(style.makeBody(configuration: configuration)) }
    nonisolated static func == (a: Self, b: Self) -> Bool { StyleIdentity.same(a.style, b.style) }
}

struct GaugeStyleChoiceKey: EnvironmentKey { static let defaultValue = GaugeStyleChoice(style: DefaultGaugeStyle()) }

extension EnvironmentValues {
    var gaugeStyleChoice: GaugeStyleChoice {
        get { self[GaugeStyleChoiceKey.self] }
        set { self[GaugeStyleChoiceKey.self] = newValue }
    }
}

extension View {
    /// The style of gauges in this view.
    public func gaugeStyle<S: GaugeStyle>(_ style: S) -> some View { environment(\.gaugeStyleChoice, GaugeStyleChoice(style: style)) }
}

// MARK: - Drawing

/// The bar of the linear styles: a capsule track, filled in the tint up to `fraction` or with a marker there.
struct GaugeBar: View {
    let fraction: Double
    let marker: Bool
    @Environment(\.tint) private var tint

    var body: some View {
        let color = tint ?? .accentColor
        return GeometryReader { proxy in
            let w = proxy.size.width, h = proxy.size.height
            ZStack(alignment: .leading) {
                Capsule().fill(Palette.track)
                if marker {
                    Circle().fill(color).frame(width: h + 4, height: h + 4).offset(x: Swift.max(0, CGFloat(fraction) * w - (h + 4) / 2))
                } else {
                    Capsule().fill(color).frame(width: Swift.max(h, CGFloat(fraction) * w))
                        .opacity(fraction > 0 ? 1 : 0)
                }
            }
        }
        .frame(height: marker ? 6 : 8)
    }
}

/// The circular styles' dial.
struct GaugeDial: View {
    static let diameter: CGFloat = 72
    static let lineWidth: CGFloat = 7
    let configuration: GaugeStyleConfiguration
    let capacity: Bool
    @Environment(\.tint) private var tint

    /// The open ring spans 270°, from 135° (bottom left) clockwise to 45° (bottom right); 0° is +x, y down.
    static let openStart = 135.0, openSweep = 270.0

    var body: some View {
        let color = tint ?? .accentColor
        let stroke = StrokeStyle(lineWidth: Self.lineWidth, lineCap: .round)
        return ZStack {
            if capacity {
                GaugeArc(start: -90, sweep: 360).stroke(Palette.track, style: stroke)
                GaugeArc(start: -90, sweep: 360 * configuration.value).stroke(color, style: stroke)
                    .opacity(configuration.value > 0 ? 1 : 0)
                (configuration.currentValueLabel ?? configuration.label).font(.headline)
            } else {
                GaugeArc(start: Self.openStart, sweep: Self.openSweep).stroke(Palette.track, style: stroke)
                GaugeMarker(angle: Self.openStart + Self.openSweep * configuration.value, size: Self.lineWidth + 3)
                    .fill(color)
                VStack(spacing: 0) {
                    configuration.currentValueLabel.font(.headline)
                    configuration.label.font(.caption2).foregroundColor(.secondary)
                }
                HStack {
                    configuration.minimumValueLabel
                    Spacer(minLength: 0)
                    configuration.maximumValueLabel
                }
                .font(.caption2)
                .foregroundColor(.secondary)
                .padding(.horizontal, 8)
                .frame(maxHeight: .infinity, alignment: .bottom)
            }
        }
        .frame(width: Self.diameter, height: Self.diameter)
    }
}

/// An arc of the circle inscribed in the rect, inset by the stroke, from `start` degrees clockwise by `sweep`.
struct GaugeArc: Shape {
    var start: Double
    var sweep: Double
    var animatableData: AnimatablePair<Double, Double> {
        get { AnimatablePair(start, sweep) }
        set { start = newValue.first; sweep = newValue.second }
    }

    func path(in rect: CGRect) -> Path {
        let r = min(rect.width, rect.height) / 2 - GaugeDial.lineWidth / 2
        guard r > 0, sweep > 0.01 else { return Path() }
        return Path { p in
            p.addArc(center: CGPoint(x: rect.midX, y: rect.midY), radius: r, startAngle: .degrees(start),
                     endAngle: .degrees(start + Swift.min(sweep, 359.99)), clockwise: false)
        }
    }
}

/// The marker of the open dial: a dot on the ring at `angle` degrees.
struct GaugeMarker: Shape {
    var angle: Double
    let size: CGFloat
    var animatableData: Double {
        get { angle }
        set { angle = newValue }
    }

    func path(in rect: CGRect) -> Path {
        let r = min(rect.width, rect.height) / 2 - GaugeDial.lineWidth / 2
        let a = angle * .pi / 180
        let c = CGPoint(x: rect.midX + r * cos(a), y: rect.midY + r * sin(a))
        return Path(ellipseIn: CGRect(x: c.x - size / 2, y: c.y - size / 2, width: size, height: size))
    }
}
