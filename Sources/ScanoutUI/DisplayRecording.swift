import ScanoutRender

/// A node's retained drawing. The node's own items are recorded once (its behaviour's `draw`), with the points
/// where its children's drawings go; the node's whole drawing is its own items with its children's whole
/// drawings spliced in. A change re-records only the nodes marked (`setNeedsDisplay`); their ancestors
/// splice the new drawings into theirs in place, and untouched subtrees are reused as they are.
///
/// The edits (ranges recorded again) go with the root's list to damage tracking, which then compares only
/// those instead of the whole list.
struct NodeRecording {
    /// The node's own items, with its id as their owner.
    var own = DisplayList()
    /// Where each child's drawing goes in `own` (an index into its items), in order.
    var splices: [(at: Int, child: ViewNode)] = []
    /// The node's whole drawing: `own` with the children's drawings spliced in (empty when `passesThrough`).
    var whole = DisplayList()
    /// The node draws nothing itself and has one child (a user view, a modifier that only lays out): its whole
    /// drawing is its child's, not a copy that would have to be updated too (and would keep the child's
    /// storage shared, so that updating it in place would copy it).
    var passesThrough = false
    /// Where each splice starts in `whole`.
    var offsets: [Int] = []
    var isValid = false
    /// How many times the node's own items were recorded (for tests: unchanged subtrees are not re-recorded).
    var count = 0
}

extension ViewNode {
    /// The node's whole drawing (its own items with its children's spliced in).
    var wholeRecording: DisplayList {
        var n = self
        while n.recording.passesThrough { n = n.recording.splices[0].child }
        return n.recording.whole
    }

    private var wholeCount: Int {
        var n = self
        while n.recording.passesThrough { n = n.recording.splices[0].child }
        return n.recording.whole.count
    }

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

    /// Brings `recording.whole` up to date. When `edits` is given, appends the ranges recorded again: `old`
    /// counted from `oldBase` in the previous whole drawing of the root, `new` from `newBase` in the new one.
    func updateRecording(oldBase: Int, newBase: Int, edits: inout [DisplayList.Edit]?) {
        if needsDisplay || !recording.isValid {
            needsDisplay = false
            let wasValid = recording.isValid
            let oldCount = wholeCount
            let previous = recording.own, previousSplices = recording.splices
            recordOwnItems()
            let sameOwn = wasValid && recording.own.drawsSame(as: previous)
                && Self.sameSplices(recording.splices, previousSplices)
            if !sameOwn {
                // The node's own drawing changed: its whole drawing is one edit (compared item by item).
                var none: [DisplayList.Edit]? = nil
                for s in recording.splices { s.child.updateRecording(oldBase: 0, newBase: 0, edits: &none) }
                rebuildWhole()
                descendantNeedsDisplay = false
                edits?.append(DisplayList.Edit(old: oldBase..<(oldBase + oldCount), new: newBase..<(newBase + wholeCount)))
                return
            }
            recording.own = previous  // identical: keep the storage the whole drawing was built from
        }
        guard descendantNeedsDisplay else { return }
        descendantNeedsDisplay = false
        if recording.passesThrough {
            recording.splices[0].child.updateRecording(oldBase: oldBase, newBase: newBase, edits: &edits)
            return
        }
        // Worked on out of `recording` (moved, not copied) so that the walk over the children costs no
        // exclusivity check per child.
        var delta = 0
        let splices = recording.splices
        var offsets = recording.offsets, whole = recording.whole
        recording.offsets = []
        recording.whole = DisplayList()
        for i in splices.indices {
            let child = splices[i].child
            let oldOffset = offsets[i]
            offsets[i] = oldOffset + delta
            guard child.needsDisplay || child.descendantNeedsDisplay else { continue }
            let oldCount = child.wholeCount
            let editsBefore = edits?.count
            child.updateRecording(oldBase: oldBase + oldOffset, newBase: newBase + oldOffset + delta, edits: &edits)
            let start = oldOffset + delta
            let new = child.wholeRecording
            if let edits, let first = editsBefore {
                // Only the ranges recorded again below are replaced (not the child's whole drawing, which
                // would copy every item of a large subtree per change). The edits are in the root's
                // coordinates, disjoint and in order: those before each one are applied already, so its start
                // here is its new start.
                for e in edits[first...] {
                    let at = e.new.lowerBound - newBase, from = at - start
                    whole.replaceSubrange(at..<(at + e.old.count), with: new, from..<(from + e.new.count))
                }
            } else {
                whole.replaceSubrange(start..<(start + oldCount), with: new)
            }
            delta += new.count - oldCount
        }
        recording.offsets = offsets
        recording.whole = whole
    }

    /// Runs the behaviour's `draw` for the node's own items; children it draws become splice points.
    private func recordOwnItems() {
        recording.count += 1
        host.recordedNodes += 1
        let outer = host.childSplices
        host.childSplices = []
        var own = DisplayList()
        own.currentOwner = id
        behavior.draw(into: &own)
        recording.own = own
        recording.splices = host.childSplices
        host.childSplices = outer
    }

    /// Builds the whole drawing from the own items and the children's whole drawings.
    private func rebuildWhole() {
        let own = recording.own
        recording.passesThrough = false
        if recording.splices.isEmpty {
            recording.whole = own
            recording.offsets = []
        } else if own.count == 0 && recording.splices.count == 1 {
            recording.passesThrough = true
            recording.whole = DisplayList()
            recording.offsets = [0]
        } else {
            var whole = DisplayList()
            var total = own.count
            for s in recording.splices { total += s.child.wholeCount }
            whole.reserveCapacity(total)
            var offsets: [Int] = []
            offsets.reserveCapacity(recording.splices.count)
            var pos = 0
            for s in recording.splices {
                whole.append(contentsOf: own, range: pos..<s.at)
                offsets.append(whole.count)
                whole.append(contentsOf: s.child.wholeRecording)
                pos = s.at
            }
            whole.append(contentsOf: own, range: pos..<own.count)
            recording.whole = whole
            recording.offsets = offsets
        }
        recording.isValid = true
    }
}

extension ViewNode {
    /// Whether two splice lists put the same children at the same places (nonisolated, a loop: a closure made
    /// in the node would be main-actor isolated and check the executor each call).
    nonisolated static func sameSplices(_ a: [(at: Int, child: ViewNode)], _ b: [(at: Int, child: ViewNode)]) -> Bool {
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
