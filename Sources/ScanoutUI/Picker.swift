/// A control for choosing one of several tagged options (SwiftUI's `Picker`). Options are the content's
/// views; each is identified by its `.tag(_:)`, or inside a `ForEach` by its element's id (as SwiftUI tags
/// `ForEach` rows implicitly). Choosing an option sets the bound selection to its tag.
///
/// Styles (`.pickerStyle`): `.segmented` (equal segments, the chosen one raised), `.wheel` (a drum dragged
/// with the finger: it carries on with the fling's momentum and snaps to a row), `.inline` (a row per option,
/// the chosen one checked) and `.menu` (the default: a row showing the choice; tapping it unfolds the options
/// below it — iOS pops a menu over the screen instead). Every option is at least a 44-point target.
public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View {
    let selection: Binding<SelectionValue>
    let label: Label
    let content: Content
    @Environment(\.pickerStyleKind) private var style

    public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.selection = selection
        self.content = content()
        self.label = label()
    }

    public var body: some View {
        let options = PickerOptions.collect(content)
        let current = AnyHashable(selection.wrappedValue)
        let selected = options.firstIndex { $0.tag == current }
        let selection = self.selection
        let choose: @MainActor (Int) -> Void = { i in
            guard options.indices.contains(i), let value = options[i].tag?.base as? SelectionValue else { return }
            selection.wrappedValue = value
        }
        let model = PickerModel(options: options, selected: selected, choose: choose)
        switch style {
        case .segmented: SegmentedPicker(model: model)
        case .wheel: WheelPicker(model: model)
        case .inline: InlinePicker(model: model)
        case .menu: MenuPicker(label: AnyView(label), model: model)
        case .navigationLink: NavigationLinkPicker(label: AnyView(label), model: model)
        }
    }
}

extension Picker where Label == Text {
    public init(_ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content) { Text(titleKey) }
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content) { Text(title) }
    }
}

// MARK: - Tags

// `.tag(_:)` is one modifier for every container (Tag.swift): a picker reads it as its options' values.

/// An option of a picker: its tag and its view.
struct PickerOption {
    let tag: AnyHashable?
    let view: AnyView
}

/// Views that hold picker options: builders' containers, `ForEach`, and views with a tag.
@MainActor protocol PickerOptionSource {
    func collectOptions(implicitTag: AnyHashable?, into options: inout [PickerOption])
}

@MainActor
enum PickerOptions {
    static func collect(_ view: any View) -> [PickerOption] {
        var options: [PickerOption] = []
        collect(view, implicitTag: nil, into: &options)
        return options
    }

    static func collect(_ view: any View, implicitTag: AnyHashable?, into options: inout [PickerOption]) {
        if let source = view as? PickerOptionSource {
            source.collectOptions(implicitTag: implicitTag, into: &options)
        } else if !(view is EmptyView) {
            options.append(PickerOption(tag: implicitTag, view: AnyView(view)))
        }
    }
}

extension TupleView: PickerOptionSource {
    func collectOptions(implicitTag: AnyHashable?, into options: inout [PickerOption]) {
        for child in children { PickerOptions.collect(child, implicitTag: implicitTag, into: &options) }
    }
}

extension _ConditionalContent: PickerOptionSource {
    func collectOptions(implicitTag: AnyHashable?, into options: inout [PickerOption]) {
        switch storage {
        case .first(let v): PickerOptions.collect(v, implicitTag: implicitTag, into: &options)
        case .second(let v): PickerOptions.collect(v, implicitTag: implicitTag, into: &options)
        }
    }
}

extension Optional: PickerOptionSource where Wrapped: View {
    func collectOptions(implicitTag: AnyHashable?, into options: inout [PickerOption]) {
        if case .some(let v) = self { PickerOptions.collect(v, implicitTag: implicitTag, into: &options) }
    }
}

extension Group: PickerOptionSource {
    func collectOptions(implicitTag: AnyHashable?, into options: inout [PickerOption]) {
        PickerOptions.collect(content, implicitTag: implicitTag, into: &options)
    }
}

extension AnyView: PickerOptionSource {
    func collectOptions(implicitTag: AnyHashable?, into options: inout [PickerOption]) {
        PickerOptions.collect(view, implicitTag: implicitTag, into: &options)
    }
}

extension ForEach: PickerOptionSource where Content: View {
    /// Each row is tagged with its element's id unless it has a tag of its own.
    func collectOptions(implicitTag: AnyHashable?, into options: inout [PickerOption]) {
        for element in data { PickerOptions.collect(content(element), implicitTag: AnyHashable(element[keyPath: id]), into: &options) }
    }
}

extension ModifiedContent: PickerOptionSource where Content: View, Modifier: ViewModifier {
    /// A tag names its content; other modifiers keep the tag found inside and show the whole modified view.
    func collectOptions(implicitTag: AnyHashable?, into options: inout [PickerOption]) {
        if let tag = modifier as? AnyTag {
            options.append(PickerOption(tag: tag.anyValue, view: AnyView(content)))
            return
        }
        var inner: [PickerOption] = []
        PickerOptions.collect(content, implicitTag: implicitTag, into: &inner)
        if inner.count == 1 {
            options.append(PickerOption(tag: inner[0].tag, view: AnyView(self)))
        } else {
            options.append(contentsOf: inner)
        }
    }
}

@MainActor protocol AnyTag { var anyValue: AnyHashable { get } }
extension TagModifier: AnyTag { var anyValue: AnyHashable { value } }

// MARK: - Styles

/// A picker's style (SwiftUI's `PickerStyle`; as in SwiftUI, only the built-in styles exist).
public protocol PickerStyle {}

/// Which built-in style a picker draws with.
enum PickerStyleKind: Hashable, Sendable { case menu, segmented, wheel, inline, navigationLink }

protocol BuiltInPickerStyle { var kind: PickerStyleKind { get } }

public struct DefaultPickerStyle: PickerStyle, BuiltInPickerStyle { public init() {}; var kind: PickerStyleKind { .menu } }
public struct MenuPickerStyle: PickerStyle, BuiltInPickerStyle { public init() {}; var kind: PickerStyleKind { .menu } }
public struct SegmentedPickerStyle: PickerStyle, BuiltInPickerStyle { public init() {}; var kind: PickerStyleKind { .segmented } }
public struct WheelPickerStyle: PickerStyle, BuiltInPickerStyle { public init() {}; var kind: PickerStyleKind { .wheel } }
public struct InlinePickerStyle: PickerStyle, BuiltInPickerStyle { public init() {}; var kind: PickerStyleKind { .inline } }
public struct NavigationLinkPickerStyle: PickerStyle, BuiltInPickerStyle { public init() {}; var kind: PickerStyleKind { .navigationLink } }

extension PickerStyle where Self == DefaultPickerStyle { public static var automatic: DefaultPickerStyle { DefaultPickerStyle() } }
extension PickerStyle where Self == MenuPickerStyle { public static var menu: MenuPickerStyle { MenuPickerStyle() } }
extension PickerStyle where Self == SegmentedPickerStyle { public static var segmented: SegmentedPickerStyle { SegmentedPickerStyle() } }
extension PickerStyle where Self == WheelPickerStyle { public static var wheel: WheelPickerStyle { WheelPickerStyle() } }
extension PickerStyle where Self == InlinePickerStyle { public static var inline: InlinePickerStyle { InlinePickerStyle() } }
extension PickerStyle where Self == NavigationLinkPickerStyle {
    public static var navigationLink: NavigationLinkPickerStyle { NavigationLinkPickerStyle() }
}

struct PickerStyleKindKey: EnvironmentKey { static let defaultValue = PickerStyleKind.menu }

extension EnvironmentValues {
    var pickerStyleKind: PickerStyleKind {
        get { self[PickerStyleKindKey.self] }
        set { self[PickerStyleKindKey.self] = newValue }
    }
}

extension View {
    /// The style of pickers in this view.
    public func pickerStyle<S: PickerStyle>(_ style: S) -> some View {
        environment(\.pickerStyleKind, (style as? BuiltInPickerStyle)?.kind ?? .menu)
    }
}

// MARK: - Drawing the styles

/// What every style draws from: the options, which one is chosen, and how to choose one.
struct PickerModel {
    let options: [PickerOption]
    let selected: Int?
    let choose: @MainActor (Int) -> Void
}

/// Equal segments in a rounded well, the chosen one raised (iOS's segmented control, 44 points tall
/// instead of 32).
struct SegmentedPicker: View {
    let model: PickerModel
    @Environment(\.isEnabled) private var isEnabled

    var body: some View {
        HStack(spacing: 0) {
            ForEach(0..<model.options.count) { i in
                model.options[i].view
                    .frame(maxWidth: .infinity, minHeight: Palette.minimumHitTarget)
                    .background {
                        if i == model.selected {
                            RoundedRectangle(cornerRadius: 8).fill(Palette.selectedSegment).padding(3)
                        }
                    }
                    .contentShape(Rectangle())
                    .onTapGesture { model.choose(i) }
            }
        }
        .background(RoundedRectangle(cornerRadius: 10).fill(Palette.controlBackground))
        .opacity(isEnabled ? 1 : Palette.disabledOpacity)
    }
}

/// A row per option, the chosen one checked in the tint.
struct InlinePicker: View {
    let model: PickerModel
    @Environment(\.isEnabled) private var isEnabled

    var body: some View {
        VStack(spacing: 0) {
            ForEach(0..<model.options.count) { i in
                Button { model.choose(i) } label: {
                    HStack {
                        model.options[i].view
                        Spacer()
                        Checkmark().stroke(.foreground, lineWidth: 2.5).frame(width: 16, height: 16).opacity(i == model.selected ? 1 : 0)
                    }
                    .frame(minHeight: Palette.minimumHitTarget)
                    .contentShape(Rectangle())
                }
                .environment(\.buttonStyleChoice, ButtonStyleChoice(look: .plain))
                .modifier(TintedForeground(active: i == model.selected))
            }
        }
        .opacity(isEnabled ? 1 : Palette.disabledOpacity)
    }
}

/// The check of the chosen row (drawn in the foreground colour: the tint on the chosen row).
struct Checkmark: Shape {
    func path(in rect: CGRect) -> Path {
        Path { p in
            p.move(to: CGPoint(x: rect.minX, y: rect.minY + rect.height * 0.55))
            p.addLine(to: CGPoint(x: rect.minX + rect.width * 0.38, y: rect.maxY - rect.height * 0.1))
            p.addLine(to: CGPoint(x: rect.maxX, y: rect.minY + rect.height * 0.1))
        }
    }
}

/// The tint as the foreground colour, where `active`.
struct TintedForeground: ViewModifier {
    let active: Bool
    @Environment(\.tint) private var tint
    func body(content: Content) -> some View { content.foregroundColor(active ? tint ?? .accentColor : nil) }
}

/// A row with the label and the chosen option (in the tint) and an up/down chevron; tapping it pops the
/// options up as a menu card in the presentation layer, beside the row and over everything else, the chosen
/// one checked (as iOS does); choosing one, a tap outside or Escape closes it.
struct MenuPicker: View {
    let label: AnyView
    let model: PickerModel
    @State private var isOpen = false
    @Environment(\.tint) private var tint

    var body: some View {
        let open = $isOpen
        let model = self.model
        let items = model.options.indices.map { i in
            MenuItem.check(label: model.options[i].view, isOn: i == model.selected, action: { model.choose(i) })
        }
        return Button { isOpen = true } label: {
            HStack {
                ControlLabel(label: label)
                // The menu opens beside the chosen value (at the row's trailing end in a form).
                HStack {
                    if let s = model.selected { model.options[s].view.foregroundColor(tint ?? .accentColor) }
                    UpDownChevron().stroke(tint ?? .accentColor, lineWidth: 2).frame(width: 10, height: 16)
                }
                .modifier(PresentationAnchorModifier(content: isOpen ? { anchor in
                    MenuLayer(anchor: anchor, items: items, dims: false) { open.wrappedValue = false }
                } : nil))
            }
            .frame(minHeight: Palette.minimumHitTarget)
            .contentShape(Rectangle())
        }
        .environment(\.buttonStyleChoice, ButtonStyleChoice(look: .plain))
    }
}

/// A row with the label and the chosen option that pushes a screen of the options onto the navigation stack
/// it is in (SwiftUI's `.navigationLink` style); choosing one pops back. Outside a stack the row does nothing.
struct NavigationLinkPicker: View {
    let label: AnyView
    let model: PickerModel

    var body: some View {
        NavigationLink {
            PickerOptionsScreen(label: label, model: model)
        } label: {
            HStack {
                ControlLabel(label: label)
                if let s = model.selected { model.options[s].view.foregroundStyle(.secondary) }
            }
        }
    }
}

/// The pushed screen of a `.navigationLink` picker: the options as checked rows, titled by the label.
struct PickerOptionsScreen: View {
    let label: AnyView
    let model: PickerModel
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        let model = self.model, dismiss = self.dismiss
        return List {
            InlinePicker(model: PickerModel(options: model.options, selected: model.selected) { i in
                model.choose(i)
                dismiss()
            })
        }
        .toolbar { ToolbarItem(placement: .principal) { label.font(.headline) } }
    }
}

/// The up/down chevron of a menu picker.
struct UpDownChevron: Shape {
    func path(in rect: CGRect) -> Path {
        Path { p in
            p.move(to: CGPoint(x: rect.minX, y: rect.minY + rect.height * 0.35))
            p.addLine(to: CGPoint(x: rect.midX, y: rect.minY))
            p.addLine(to: CGPoint(x: rect.maxX, y: rect.minY + rect.height * 0.35))
            p.move(to: CGPoint(x: rect.minX, y: rect.maxY - rect.height * 0.35))
            p.addLine(to: CGPoint(x: rect.midX, y: rect.maxY))
            p.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - rect.height * 0.35))
        }
    }
}
