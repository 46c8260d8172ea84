/// Whether the user may edit a view's content (SwiftUI's `EditMode`): in a list, rows of a `ForEach` with
/// `onDelete` show a delete control and rows with `onMove` a reorder handle while it is active.
public enum EditMode: Hashable, Sendable {
    /// Not editing.
    case inactive
    /// Editing for a moment (a swipe-revealed action), without the list's edit controls.
    case transient
    /// Editing: the list shows its edit controls.
    case active

    /// Whether the content is being edited (`.active` or `.transient`).
    public var isEditing: Bool { self != .inactive }
}

struct EditModeKey: EnvironmentKey { static var defaultValue: Binding<EditMode>? { nil } }

extension EnvironmentValues {
    /// The edit mode of the views below, as a binding a view can change (`EditButton` does), or nil where no
    /// container provides one. A `NavigationStack` provides one for its screens; `.environment(\.editMode,
    /// $mode)` provides the app's own.
    public var editMode: Binding<EditMode>? {
        get { self[EditModeKey.self] }
        set { self[EditModeKey.self] = newValue }
    }
}

/// A button that turns the environment's edit mode on and off (SwiftUI's `EditButton`), titled "Edit" and,
/// while editing, "Done".
public struct EditButton: View {
    @Environment(\.editMode) private var editMode

    public init() {}

    public var body: some View {
        let editing = editMode?.wrappedValue.isEditing ?? false
        Button {
            guard let editMode else { return }
            editMode.wrappedValue = editMode.wrappedValue.isEditing ? .inactive : .active
        } label: {
            Text(editing ? "Done" : "Edit").fontWeight(editing ? .bold : nil)
        }
    }
}

/// Gives the content an edit mode of its own unless one is provided above (what a `NavigationStack` does for
/// its screens, so that an `EditButton` in its toolbar edits its list).
struct ProvidesEditMode: ViewModifier {
    @State private var own = EditMode.inactive

    func body(content: Content) -> some View {
        let own = $own
        return content.transformEnvironment(\.editMode) { mode in
            if mode == nil { mode = own }
        }
    }
}
