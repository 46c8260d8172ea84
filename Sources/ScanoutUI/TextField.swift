/// A control that edits a string (SwiftUI's `TextField`): one line, the title (or `prompt`) as placeholder
/// while empty. Tapping it focuses it and puts the caret under the finger; typing (a keyboard, or the
/// on-screen one) edits the bound string; Return runs the `onSubmit` actions around it and ends editing.
public struct TextField<Label: View>: View {
    let text: Binding<String>
    let placeholder: Text
    let label: Label
    /// A formatted value's field: the binding is written when editing ends, not on each key.
    var commitsOnEnd = false
    /// `.vertical`: the text wraps onto new lines (Return starts one) and the field grows with them, up to
    /// its `lineLimit`, then scrolls.
    var axis: Axis = .horizontal

    public var body: some View {
        if axis == .vertical {
            TextEditorView(text: text, value: text.wrappedValue, growingField: placeholder)
        } else {
            TextInputField(text: text, value: text.wrappedValue, placeholder: placeholder, isSecure: false, commitsOnEnd: commitsOnEnd)
        }
    }
}

extension TextField where Label == Text {
    /// A field titled `title` (shown as the placeholder while the text is empty).
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {
        self.init(text: text, placeholder: Text(titleKey), label: Text(titleKey))
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        self.init(text: text, placeholder: Text(title), label: Text(title))
    }

    /// A field titled `title`, with `prompt` as the placeholder.
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text?) {
        self.init(text: text, placeholder: prompt ?? Text(titleKey), label: Text(titleKey))
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text?) {
        self.init(text: text, placeholder: prompt ?? Text(title), label: Text(title))
    }
}

extension TextField where Label == Text {
    /// A field that grows to more lines along `axis` (`.vertical`: as many as its `lineLimit` allows, then it
    /// scrolls); `.horizontal` is the one-line field.
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, axis: Axis) {
        self.init(text: text, placeholder: Text(titleKey), label: Text(titleKey), axis: axis)
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, axis: Axis) {
        self.init(text: text, placeholder: Text(title), label: Text(title), axis: axis)
    }
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text?, axis: Axis) {
        self.init(text: text, placeholder: prompt ?? Text(titleKey), label: Text(titleKey), axis: axis)
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text?, axis: Axis) {
        self.init(text: text, placeholder: prompt ?? Text(title), label: Text(title), axis: axis)
    }
}

extension TextField {
    /// A field labelled by a view, with `prompt` as the placeholder, growing along `axis`.
    public init(text: Binding<String>, prompt: Text? = nil, axis: Axis, @ViewBuilder label: () -> Label) {
        self.init(text: text, placeholder: prompt ?? Text(verbatim: ""), label: label(), axis: axis)
    }

    /// A field labelled by a view, with `prompt` as the placeholder.
    public init(text: Binding<String>, prompt: Text? = nil, @ViewBuilder label: () -> Label) {
        self.init(text: text, placeholder: prompt ?? Text(verbatim: ""), label: label())
    }
}

/// A field for a password or PIN (SwiftUI's `SecureField`): edits like a `TextField` but draws a bullet per
/// character. The text never reaches the display list (so neither a screenshot tool nor a log of it shows it).
public struct SecureField<Label: View>: View {
    let text: Binding<String>
    let placeholder: Text
    let label: Label

    public var body: some View {
        TextInputField(text: text, value: text.wrappedValue, placeholder: placeholder, isSecure: true)
    }
}

extension SecureField where Label == Text {
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {
        self.init(text: text, placeholder: Text(titleKey), label: Text(titleKey))
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        self.init(text: text, placeholder: Text(title), label: Text(title))
    }

    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text?) {
        self.init(text: text, placeholder: prompt ?? Text(titleKey), label: Text(titleKey))
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text?) {
        self.init(text: text, placeholder: prompt ?? Text(title), label: Text(title))
    }
}

extension SecureField {
    public init(text: Binding<String>, prompt: Text? = nil, @ViewBuilder label: () -> Label) {
        self.init(text: text, placeholder: prompt ?? Text(verbatim: ""), label: label())
    }
}
