extension ForEach {
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
