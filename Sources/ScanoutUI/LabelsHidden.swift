/// Controls without their labels (SwiftUI's `labelsHidden()`): a switch, stepper, date or picker alone, sized
/// to itself, for a row that already says what it is. The label stays in the view tree for accessibility.
struct LabelsVisibilityKey: EnvironmentKey { static let defaultValue = Visibility.automatic }

extension EnvironmentValues {
    /// Whether controls below show their labels (`.hidden` after `labelsHidden()`).
    public var labelsVisibility: Visibility {
        get { self[LabelsVisibilityKey.self] }
        set { self[LabelsVisibilityKey.self] = newValue }
    }
}

extension View {
    /// Hides the labels of the controls below (toggles, steppers, pickers, date pickers).
    public func labelsHidden() -> some View { environment(\.labelsVisibility, .hidden) }
}

/// A control's label and the flexible space after it, or nothing when labels are hidden: the control then
/// takes only its own size.
struct ControlLabel<Label: View>: View {
    let label: Label
    var spacerMinLength: CGFloat? = nil
    @Environment(\.labelsVisibility) private var visibility

    var body: some View {
        if visibility != .hidden {
            label
            Spacer(minLength: spacerMinLength)
        }
    }
}
