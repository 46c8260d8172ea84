import ScanoutPlatform

/// Where the time from the app's start to its first page flip goes, reported once on the "first frame on
/// screen" line: opening the platform (DRM, input, udev), making the view host, and the first frame's stages
/// (update, layout, display list, render, commit) up to the flip. A handful of clock reads, only until the
/// first flip.
struct StartupTimeline {
    private var marks: [(name: String, time: MonotonicTime)] = []
    private let start: MonotonicTime
    /// Whether the first frame is still to be measured.
    private(set) var isOpen = true

    init(start: MonotonicTime) { self.start = start }

    /// Notes that the step `name` ended now (nothing once the first flip is reported).
    mutating func mark(_ name: String, at time: MonotonicTime = .now()) {
        guard isOpen else { return }
        marks.append((name, time))
    }

    /// "platform: display 40 ms, platform: input 60 ms, …, views 40 ms, …": each step's own time, in the order
    /// they ended; closes the timeline.
    mutating func report(flipAt flip: MonotonicTime) -> String {
        isOpen = false
        var last = start
        var parts: [String] = []
        for m in marks {
            parts.append("\(m.name) \(Int((m.time - last).milliseconds.rounded())) ms")
            last = m.time
        }
        parts.append("to the flip \(Int((flip - last).milliseconds.rounded())) ms")
        marks.removeAll()
        return parts.joined(separator: ", ")
    }
}
