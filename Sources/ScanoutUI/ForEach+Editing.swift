extension ForEach where Content: View {
    /// Lets the user delete rows (SwiftUI's `DynamicViewContent.onDelete`): in a list, a row swiped towards
    /// the leading edge reveals Delete (a full swipe deletes), and in edit mode a row shows a red delete
    /// control that reveals it. `action` hears the offsets of the rows to delete.
    public func onDelete(perform action: ((IndexSet) -> Void)?) -> ForEach {
        var copy = self
        copy.deleteAction = action
        return copy
    }

    /// Lets the user reorder rows (SwiftUI's `DynamicViewContent.onMove`): in edit mode a row shows a handle
    /// that a finger drags it by. `action` hears the offsets moved and the offset before which they go, in
    /// the indexing before the move (the data's count: to the end), as `move(fromOffsets:toOffset:)` takes them.
    public func onMove(perform action: ((IndexSet, Int) -> Void)?) -> ForEach {
        var copy = self
        copy.moveAction = action
        return copy
    }
}

/// What a row of a `ForEach` with `onDelete`/`onMove` can do, and whether the list is in edit mode.
struct RowEditing {
    let index: Int
    let onDelete: ((IndexSet) -> Void)?
    let onMove: ((IndexSet, Int) -> Void)?
    let isEditing: Bool
}

/// A row of an editable `ForEach`: in edit mode (`.active`) it shows the delete control and the reorder
/// handle its `ForEach` allows; out of it, `onDelete` makes "Delete" a trailing swipe action.
struct EditableRow<Content: View>: View {
    let content: Content
    let index: Int
    let onDelete: ((IndexSet) -> Void)?
    let onMove: ((IndexSet, Int) -> Void)?
    @Environment(\.editMode) private var editMode

    var body: some View {
        content.modifier(RowActionsModifier(kind: .editing(RowEditing(
            index: index, onDelete: onDelete, onMove: onMove, isEditing: editMode?.wrappedValue == .active))))
    }
}
