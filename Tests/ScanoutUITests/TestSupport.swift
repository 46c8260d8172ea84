import ScanoutUI

/// A test-owned log that bodies and handlers write to (`let _ = trace.log("root update")`), so a test can
/// assert the order things ran in. A class, so a view holding one compares equal to its next value (by
/// identity) and never re-runs because of it.
@MainActor
final class Trace {
    private(set) var entries: [String] = []
    func log(_ entry: String) { entries.append(entry) }
    /// The entries logged since the last call, then forgets them.
    func take() -> [String] {
        defer { entries.removeAll() }
        return entries
    }
}

/// Bindings that views hand out (from `onAppear`), so a test can change a view's `@State` the way an event
/// handler would, without touches or layout.
@MainActor
final class Handles<Value> {
    var bindings: [Int: Binding<Value>] = [:]
    subscript(key: Int) -> Binding<Value> { bindings[key]! }
}
