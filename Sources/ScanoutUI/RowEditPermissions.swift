extension View {
    /// Whether this row of a `ForEach` with `onDelete` may be deleted (SwiftUI's `deleteDisabled`): when
    /// disabled, the row has no delete control in edit mode and no swipe to delete.
    public func deleteDisabled(_ isDisabled: Bool) -> some View {
        modifier(RowEditPermissions(deleteDisabled: isDisabled, moveDisabled: nil))
    }

    /// Whether this row of a `ForEach` with `onMove` may be moved (SwiftUI's `moveDisabled`): when disabled,
    /// the row has no reorder handle in edit mode.
    public func moveDisabled(_ isDisabled: Bool) -> some View {
        modifier(RowEditPermissions(deleteDisabled: nil, moveDisabled: isDisabled))
    }
}

struct RowEditPermissions: PrimitiveModifier {
    let deleteDisabled: Bool?
    let moveDisabled: Bool?
    func makeBehavior() -> ModifierBehavior { RowEditPermissionsBehavior() }
}

/// Carries a row's permissions for the row's edit controls around it (`RowActionsBehavior`), which finds it
/// at the top of its content; a change lays the row out again.
final class RowEditPermissionsBehavior: ModifierBehavior {
    private(set) var deleteDisabled: Bool?
    private(set) var moveDisabled: Bool?

    override func updateModifier(_ modifier: any ViewModifier) {
        let m = modifier.known(as: RowEditPermissions.self)
        guard m.deleteDisabled != deleteDisabled || m.moveDisabled != moveDisabled else { return }
        deleteDisabled = m.deleteDisabled
        moveDisabled = m.moveDisabled
        node?.parent?.invalidateLayout()
    }

    /// Whether deleting and moving are disabled for the content of `node`: the permissions at the top of it
    /// (through views that wrap it alone); the outermost that sets a value wins, as SwiftUI's environment does.
    static func permissions(below node: ViewNode) -> (deleteDisabled: Bool, moveDisabled: Bool) {
        var delete: Bool?, move: Bool?
        var n: ViewNode? = node
        var depth = 0
        while let current = n, depth < 12 {
            if let p = current.behavior as? RowEditPermissionsBehavior {
                delete = delete ?? p.deleteDisabled
                move = move ?? p.moveDisabled
            } else if current.children.count != 1, !(current.behavior is ListCellPart) {
                break
            }
            n = current.children.first
            depth += 1
        }
        return (delete ?? false, move ?? false)
    }
}
