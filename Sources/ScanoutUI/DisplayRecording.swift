import ScanoutRender

/// A node's retained drawing. The node's own items are recorded once (its behaviour's `draw`), with the points
/// where its children's drawings go; the node's whole drawing is its own items with its children's whole
/// drawings spliced in. Only the root's whole drawing is kept as a list (the host's): every other node keeps
/// its own items and how many items its whole drawing has, so that an item is copied once into the frame's
/// list, not once per level above it (a list's rows are ten levels deep). A change re-records only the nodes
/// marked (`setNeedsDisplay`) and replaces their ranges of the root's list in place; untouched subtrees are
/// reused as they are.
///
/// The edits (ranges recorded again) go with the root's list to damage tracking, which then compares only
/// those instead of the whole list.
struct NodeRecording {
    /// The node's own items, with its id as their owner.
    var own = DisplayList()
    /// Where each child's drawing goes in `own`, in order.
    var splices: [Splice] = []
    /// How many items the node's whole drawing has (its own and its children's whole drawings).
    var wholeCount = 0
    var isValid = false
    /// How many times the node's own items were recorded (for tests: unchanged subtrees are not re-recorded).
    var count = 0
}

/// A child's drawing in its parent's recording: where it goes among the parent's own items, and where it starts
/// in the parent's whole drawing (kept with the splice: a separate array of offsets was an allocation per
/// node each time its children were counted).
struct Splice {
    /// The index in the parent's own items the child's whole drawing goes before.
    let at: Int
    let child: ViewNode
    /// Where the child's whole drawing starts in the parent's (from its start); set when counted.
    var offset = 0

    init(at: Int, child: ViewNode) {
        self.at = at
        self.child = child
    }
}

extension ViewNode {
    /// The node's drawing may have changed: the next display list records it again.
    func setNeedsDisplay() {
        needsDisplay = true
        var n = parent
        // An ancestor already marked has its own ancestors marked (or is not drawn, and then neither is this).
        while let p = n, !p.descendantNeedsDisplay {
            p.descendantNeedsDisplay = true
            n = p.parent
        }
    }

    /// Brings the subtree's recordings up to date, and its whole drawing in `list`, where it starts at
    /// `newBase` (at `oldBase` in the list before this update, the one damage tracking compares with). Appends
    /// the ranges recorded again to `edits`, `old` counted in the list before and `new` in the list after.
    func updateRecording(oldBase: Int, newBase: Int, in list: inout DisplayList, edits: inout [DisplayList.Edit]) {
        if needsDisplay || !recording.isValid {
            needsDisplay = false
            let oldCount = recording.wholeCount
            if !recordOwnItemsAgain() {
                // The node's own drawing changed: its whole drawing is one edit (compared item by item), drawn
                // again from the subtree's recordings.
                refreshChildren()
                if oldCount == 0 && newBase == list.count {
                    appendWhole(to: &list)  // (the first frame: straight into the root's list)
                } else {
                    var whole = DisplayList()
                    whole.reserveCapacity(recording.wholeCount)
                    appendWhole(to: &whole)
                    list.replaceSubrange(newBase..<(newBase + oldCount), with: whole)
                }
                edits.append(DisplayList.Edit(old: oldBase..<(oldBase + oldCount), new: newBase..<(newBase + recording.wholeCount)))
                return
            }
        }
        guard descendantNeedsDisplay else { return }
        descendantNeedsDisplay = false
        // Each child that changed replaces its own range of the list; those after it move by the difference.
        var delta = 0
        for i in recording.splices.indices {
            let child = recording.splices[i].child
            let oldOffset = recording.splices[i].offset
            recording.splices[i].offset = oldOffset + delta
            guard child.needsDisplay || child.descendantNeedsDisplay else { continue }
            let oldCount = child.recording.wholeCount
            child.updateRecording(oldBase: oldBase + oldOffset, newBase: newBase + oldOffset + delta, in: &list, edits: &edits)
            delta += child.recording.wholeCount - oldCount
        }
        recording.wholeCount += delta
    }

    /// Brings the subtree's recordings up to date where no list is patched (its drawing is drawn whole by the
    /// ancestor that changed).
    private func refreshRecording() {
        if needsDisplay || !recording.isValid {
            needsDisplay = false
            _ = recordOwnItemsAgain()
        } else if !descendantNeedsDisplay {
            return
        }
        refreshChildren()
    }

    /// Refreshes the children's recordings, then counts the whole drawing and where each child's starts.
    private func refreshChildren() {
        descendantNeedsDisplay = false
        var childItems = 0
        for i in recording.splices.indices {
            let child = recording.splices[i].child
            child.refreshRecording()
            recording.splices[i].offset = recording.splices[i].at + childItems
            childItems += child.recording.wholeCount
        }
        recording.wholeCount = recording.own.count + childItems
        recording.isValid = true
    }

    /// Appends the whole drawing: the own items with the children's whole drawings at their splices.
    private func appendWhole(to list: inout DisplayList) {
        let own = recording.own
        let splices = recording.splices
        var pos = 0
        for s in splices {
            if s.at > pos { list.append(contentsOf: own, range: pos..<s.at) }
            s.child.appendWhole(to: &list)
            pos = s.at
        }
        if own.count > pos { list.append(contentsOf: own, range: pos..<own.count) }
    }

    /// Records the own items again; whether they draw the same as the valid recording before (then its storage,
    /// which the list was built from, is kept).
    private func recordOwnItemsAgain() -> Bool {
        let wasValid = recording.isValid
        let previous = recordOwnItems()
        guard wasValid, recording.own.drawsSame(as: previous.own), Self.sameSplices(recording.splices, previous.splices) else {
            return false
        }
        recording.own = previous.own
        recording.splices = previous.splices  // (the same children at the same places, with their offsets counted)
        return true
    }

    /// Runs the behaviour's `draw` for the node's own items; children it draws become splice points. Returns
    /// the items and splices recorded before. (Swapped, not assigned: moved without a retain and a release
    /// each, twenty per node of a first frame.)
    private func recordOwnItems() -> (own: DisplayList, splices: [Splice]) {
        recording.count += 1
        host.recordedNodes += 1
        var splices: [Splice] = []
        swap(&splices, &host.childSplices)  // the outer recording's splices wait here
        var own = DisplayList()
        own.currentOwner = id
        behavior.draw(into: &own)
        if let effects = environment.colorEffects { effects.apply(to: &own, in: 0..<own.count) }
        swap(&splices, &host.childSplices)  // this node's children, and the outer's back
        swap(&own, &recording.own)
        swap(&splices, &recording.splices)
        return (own, splices)
    }
}

extension ViewNode {
    /// Whether two splice lists put the same children at the same places (nonisolated, a loop: a closure made
    /// in the node would be main-actor isolated and check the executor each call).
    nonisolated static func sameSplices(_ a: [Splice], _ b: [Splice]) -> Bool {
        guard a.count == b.count else { return false }
        for i in a.indices where a[i].at != b[i].at || a[i].child !== b[i].child { return false }
        return true
    }
}

extension ViewHost {
    /// How many times the `Text` views showing `text` recorded their drawing, in tree order (for tests: a view
    /// whose output did not change is not recorded again).
    package func recordingCounts(ofText text: String) -> [Int] {
        var out: [Int] = []
        visitNodes { node in
            if let t = node.behavior as? TextBehavior, t.shownString == text { out.append(node.recording.count) }
            return false
        }
        return out
    }
}
