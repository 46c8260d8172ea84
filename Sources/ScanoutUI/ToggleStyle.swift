import ScanoutRender

/// How a toggle looks and is operated (SwiftUI's `ToggleStyle`): `makeBody` receives the label and the
/// binding, and flips `configuration.isOn` itself.
@MainActor @preconcurrency
public protocol ToggleStyle {
    associatedtype Body: View
    @ViewBuilder func makeBody(configuration: Self.Configuration) -> Self.Body
    typealias Configuration = ToggleStyleConfiguration
}

/// What a `ToggleStyle` draws from (SwiftUI's `ToggleStyleConfiguration`).
public struct ToggleStyleConfiguration {
    /// The toggle's label, type-erased.
    public struct Label: View {
        let content: AnyView
        public var body: AnyView { content }
    }
    public let label: ToggleStyleConfiguration.Label
    /// Whether the toggle is on; `$isOn` is the toggle's binding.
    @Binding public var isOn: Bool
    /// Whether the toggle stands for several values that differ (never, for a toggle over one binding).
    public var isMixed: Bool = false
}

/// iOS's switch: the label leading, a capsule switch trailing, green (or the tint) when on.
public struct SwitchToggleStyle: ToggleStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        HStack {
            ControlLabel(label: configuration.label)
            ToggleSwitch(isOn: configuration.$isOn, value: configuration.isOn)
        }
    }
}

/// A button that stays pressed while on (SwiftUI's `ButtonToggleStyle`): bordered when off, filled with
/// the tint when on.
public struct ButtonToggleStyle: ToggleStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        Button { configuration.isOn.toggle() } label: { configuration.label }
            .environment(\.buttonStyleChoice, ButtonStyleChoice(look: configuration.isOn ? .borderedProminent : .bordered))
    }
}

/// A check box before the label (macOS's `CheckboxToggleStyle`, offered on panels too: settings lists read
/// better with boxes than with a column of switches). The whole row is a 44-point target.
public struct CheckboxToggleStyle: ToggleStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        Button { configuration.isOn.toggle() } label: {
            HStack(spacing: 12) {
                CheckboxBox(isOn: configuration.isOn)
                configuration.label
                Spacer(minLength: 0)
            }
            .frame(minHeight: Palette.minimumHitTarget)
            .contentShape(Rectangle())
        }
        .environment(\.buttonStyleChoice, ButtonStyleChoice(look: .plain))
    }
}

/// The platform's default: a switch.
public struct DefaultToggleStyle: ToggleStyle {
    nonisolated public init() {}
    public func makeBody(configuration: Configuration) -> some View { SwitchToggleStyle().makeBody(configuration: configuration) }
}

extension ToggleStyle where Self == DefaultToggleStyle { public static var automatic: DefaultToggleStyle { DefaultToggleStyle() } }
extension ToggleStyle where Self == SwitchToggleStyle { public static var `switch`: SwitchToggleStyle { SwitchToggleStyle() } }
extension ToggleStyle where Self == ButtonToggleStyle { public static var button: ButtonToggleStyle { ButtonToggleStyle() } }
extension ToggleStyle where Self == CheckboxToggleStyle { public static var checkbox: CheckboxToggleStyle { CheckboxToggleStyle() } }

/// The environment's toggle style, type-erased; equal when the same style type holds equal values.
struct ToggleStyleChoice: Equatable, @unchecked Sendable {  // styles are values made and read on the main actor
    let style: any ToggleStyle
    @MainActor func body(_ configuration: ToggleStyleConfiguration) -> AnyView { AnyView(style.makeBody(configuration: configuration)) }
    nonisolated static func == (a: Self, b: Self) -> Bool { StyleIdentity.same(a.style, b.style) }
}

struct ToggleStyleChoiceKey: EnvironmentKey { static let defaultValue = ToggleStyleChoice(style: DefaultToggleStyle()) }

extension EnvironmentValues {
    var toggleStyleChoice: ToggleStyleChoice {
        get { self[ToggleStyleChoiceKey.self] }
        set { self[ToggleStyleChoiceKey.self] = newValue }
    }
}

extension View {
    /// The style of toggles in this view (`.switch`, `.button`, `.checkbox` or a custom `ToggleStyle`).
    public func toggleStyle<S: ToggleStyle>(_ style: S) -> some View {
        environment(\.toggleStyleChoice, ToggleStyleChoice(style: style))
    }
}

/// The box of the checkbox style: an outlined rounded square when off, filled with the tint and checked
/// when on.
struct CheckboxBox: View, PrimitiveView {
    let isOn: Bool
    func makeBehavior() -> NodeBehavior { CheckboxBoxBehavior() }
}

final class CheckboxBoxBehavior: NodeBehavior {
    static let side: CGFloat = 24
    private var isOn = false

    override func update(_ view: any View) -> [ChildSlot]? {
        isOn = (view as! CheckboxBox).isOn
        return []
    }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { CGSize(width: Self.side, height: Self.side) }
    override func place(in bounds: CGRect) {}

    override func draw(into list: inout DisplayList) {
        let env = node.environment.current
        let f = node.frame
        let box = ScanoutRaster.Path(roundedRect: f.insetBy(dx: 1, dy: 1).raster, cornerRadius: 5)
        if isOn {
            list.append(.fill(box, env.resolvedTint.paint(in: env.colorScheme), FillStyle()))
            var check = ScanoutRaster.Path()
            check.move(to: Point(x: f.minX + f.width * 0.25, y: f.minY + f.height * 0.52))
            check.addLine(to: Point(x: f.minX + f.width * 0.43, y: f.minY + f.height * 0.70))
            check.addLine(to: Point(x: f.minX + f.width * 0.76, y: f.minY + f.height * 0.32))
            list.append(.stroke(check, .solid(.white), StrokeStyle(lineWidth: 2.5, lineCap: .round, lineJoin: .round)))
        } else {
            list.append(.stroke(box, Palette.separator.paint(in: env.colorScheme), StrokeStyle(lineWidth: 2)))
        }
    }
}
