/// A label beside a value or a control (SwiftUI's `LabeledContent`): the label leading, the content trailing in
/// the secondary style, as a form row shows a read-only setting.
public struct LabeledContent<Label: View, Content: View>: View {
    let label: Label
    let content: Content

    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.label = label(); self.content = content()
    }

    /// A value (text) sits on the label's baseline, whatever its size; a control (a slider, a stepper, which
    /// have no baseline: theirs would be their bottom edge) is centred on the label's line.
    public var body: some View {
        HStack(alignment: Content.self == Text.self ? .firstTextBaseline : .center) {
            label
            Spacer(minLength: 16)
            content.foregroundStyle(.secondary)
        }
    }
}

extension LabeledContent where Label == Text {
    /// A titled control or view: `LabeledContent("Speed") { Slider(…) }`.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content, label: { Text(titleKey) })
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content, label: { Text(title) })
    }
}

extension LabeledContent where Label == Text, Content == Text {
    /// A titled value: `LabeledContent("Firmware", value: "2.4.1")` (the value shown as it is).
    public init<S: StringProtocol>(_ titleKey: LocalizedStringKey, value: S) {
        self.init(content: { Text(value) }, label: { Text(titleKey) })
    }
    @_disfavoredOverload
    public init<S1: StringProtocol, S2: StringProtocol>(_ title: S1, value: S2) {
        self.init(content: { Text(value) }, label: { Text(title) })
    }
}
