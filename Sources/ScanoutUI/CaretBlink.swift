/// The caret of the focused field blinks (as SwiftUI's does): shown for half a second, hidden for half a
/// second, solid again after each edit or caret move. The blink is the only periodic wake-up while a field is
/// focused; with none focused there is none. A host wakes for it only when its runner arms a timer for
/// `nextWakeTime` (`wakesForCaretBlink`); otherwise the caret stays solid (no frame is ever left showing it
/// hidden).
@MainActor
protocol CaretBlinking: AnyObject {
    /// When the caret last became solid (an edit, a move, focus).
    var caretEpoch: Double { get }
}

enum CaretBlink {
    static let halfPeriod = 0.5
}

extension CaretBlinking {
    /// Whether the caret shows at `time`.
    func caretVisible(at time: Double, blinking: Bool) -> Bool {
        guard blinking else { return true }
        return Int(((time - caretEpoch) / CaretBlink.halfPeriod).rounded(.down)) % 2 == 0
    }

    /// The next time the caret shows or hides after `time`.
    func nextBlink(after time: Double) -> Double {
        let n = ((time - caretEpoch) / CaretBlink.halfPeriod).rounded(.down) + 1
        return caretEpoch + n * CaretBlink.halfPeriod
    }
}

extension ViewHost {
    /// When the host next needs a frame with no input (the focused field's caret blinking, a `TimelineView`'s
    /// next date); nil: not until input arrives. A runner arms one timer for it after each frame.
    public var nextWakeTime: Double? {
        let blink = nextCaretBlink
        guard let timeline = nextTimelineTime else { return blink }
        return min(blink ?? .infinity, timeline)
    }

    private var nextCaretBlink: Double? {
        guard wakesForCaretBlink, let b = focusedNode?.behavior as? CaretBlinking else { return nil }
        return b.nextBlink(after: time)
    }

    /// The clock reached `now`: the focused caret shows or hides if its time has come.
    func blinkCaretIfDue(previous: Double, now: Double) {
        guard wakesForCaretBlink, let node = focusedNode, let b = node.behavior as? CaretBlinking,
              b.nextBlink(after: previous) <= now else { return }
        node.setNeedsDisplay()
        setNeedsLayout()  // a frame that draws (nothing else changed, so layout finds everything in place)
    }
}
