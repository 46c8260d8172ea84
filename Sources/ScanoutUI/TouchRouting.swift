import ScanoutRender

/// Touch routing: which view a finger belongs to from touch-down to touch-up, the handing over of a touch to
/// an ancestor that claims it (a scroll view taking a drag from a button), and extra fingers for views that
/// take two (pinch, rotate).
extension ViewHost {
    /// The node that handles a touch at `point`: the topmost (last drawn) one whose behaviour accepts it.
    /// Each node is asked with the point in its own coordinates (mapped through the geometry effects above it).
    func touchTarget(at point: CGPoint) -> ViewNode? {
        func visit(_ node: ViewNode, _ point: CGPoint) -> ViewNode? {
            // A view out of the laid-out tree (a lazy row scrolled away) takes no touches.
            guard node.isAlive, node.hasAppeared, node.allowsHitTesting else { return nil }
            if node.behavior.childrenHandleTouches(at: point), let inner = node.childPoint(point) {
                for child in node.childrenInDrawingOrder.reversed() {
                    if let hit = visit(child, inner) { return hit }
                }
            }
            return node.behavior.handlesTouch(at: point) ? node : nil
        }
        return visit(root, point)
    }



    /// A finger (or pointer button) went down at `point` (root coordinates). `id` tells fingers apart (the
    /// single-finger calls are id 0); `time` is the event's time (default: the frame's).
    package func touchDown(id: Int = 0, at point: CGPoint, time eventTime: Double? = nil) {
        touchEventTime = eventTime ?? time
        if let old = activeTouches.removeValue(forKey: id), old.node.isAlive { cancel(old, id: id) }
        // Another finger for a node that takes several (a pinch, a rotation).
        for (_, t) in activeTouches.sorted(by: { $0.key < $1.key }) where !t.additional && t.node.isAlive {
            guard let local = t.node.pointFromRoot(point), t.node.behavior.acceptsAdditionalTouch(at: local) else { continue }
            activeTouches[id] = (t.node, point, true)
            t.node.behavior.additionalTouchBegan(id: id, at: local)
            t.node.setNeedsDisplay()  // pressed looks, scroll indicators
            return
        }
        // A node follows one finger: another one going down on it is ignored (a scroll view being dragged).
        if let target = touchTarget(at: point), !holdsTouch(target), let local = target.pointFromRoot(point) {
            activeTouches[id] = (target, point, false)
            target.behavior.touchBegan(at: local)
            target.setNeedsDisplay()  // pressed looks, scroll indicators
        }
    }

    package func touchMoved(id: Int = 0, to point: CGPoint, time eventTime: Double? = nil) {
        touchEventTime = eventTime ?? time
        guard var t = activeTouches[id], t.node.isAlive else { return }
        // Points reach each node in its own coordinates (see `pointFromRoot`); where a geometry effect above it
        // collapses it now (scaled to 0 while the finger is down), the node hears nothing of this move.
        if t.additional {
            guard let local = t.node.pointFromRoot(point) else { return }
            t.node.behavior.additionalTouchMoved(id: id, to: local)
            t.node.setNeedsDisplay()  // pressed looks, scroll indicators
            return
        }
        if !claims(t.node, movedTo: point, from: t.start) {
            var ancestor = t.node.parent
            while let a = ancestor, holdsTouch(a) || !claims(a, movedTo: point, from: t.start) { ancestor = a.parent }
            if let claimant = ancestor, let start = claimant.pointFromRoot(t.start) {
                t.node.behavior.touchCancelled()
                t.node.setNeedsDisplay()  // pressed looks, scroll indicators
                t = (claimant, t.start, false)
                activeTouches[id] = t
                claimant.behavior.touchBegan(at: start)
                claimant.setNeedsDisplay()  // pressed looks, scroll indicators
            }
        }
        guard let local = t.node.pointFromRoot(point), let start = t.node.pointFromRoot(t.start) else { return }
        t.node.behavior.touchMoved(to: local, from: start)
        t.node.setNeedsDisplay()  // pressed looks, scroll indicators
    }

    /// `claimsTouch` asked in `node`'s coordinates (no, where a geometry effect collapses it).
    private func claims(_ node: ViewNode, movedTo point: CGPoint, from start: CGPoint) -> Bool {
        guard let local = node.pointFromRoot(point), let localStart = node.pointFromRoot(start) else { return false }
        return node.behavior.claimsTouch(movedTo: local, from: localStart)
    }

    package func touchUp(id: Int = 0, at point: CGPoint, time eventTime: Double? = nil) {
        touchEventTime = eventTime ?? time
        guard let t = activeTouches.removeValue(forKey: id), t.node.isAlive else { return }
        // A finger lifting where a geometry effect collapses the node cancels its touch (nothing there is hit).
        guard let local = t.node.pointFromRoot(point), let start = t.node.pointFromRoot(t.start) else {
            cancel(t, id: id)
            return
        }
        if t.additional {
            t.node.behavior.additionalTouchEnded(id: id, at: local, cancelled: false)
            t.node.setNeedsDisplay()  // pressed looks, scroll indicators
        } else {
            t.node.behavior.touchEnded(at: local, from: start)
            t.node.setNeedsDisplay()  // pressed looks, scroll indicators
        }
    }

    package func touchCancelled(id: Int = 0) {
        guard let t = activeTouches.removeValue(forKey: id), t.node.isAlive else { return }
        cancel(t, id: id)
    }

    private func holdsTouch(_ node: ViewNode) -> Bool { activeTouches.values.contains { $0.node === node } }

    private func cancel(_ t: (node: ViewNode, start: CGPoint, additional: Bool), id: Int) {
        if t.additional {
            // (The point of a cancelled touch is not used for anything but bookkeeping.)
            t.node.behavior.additionalTouchEnded(id: id, at: t.node.pointFromRoot(t.start) ?? t.start, cancelled: true)
            t.node.setNeedsDisplay()  // pressed looks, scroll indicators
        } else {
            t.node.behavior.touchCancelled()
            t.node.setNeedsDisplay()  // pressed looks, scroll indicators
        }
    }
}
