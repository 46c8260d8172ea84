import ScanoutRender

/// Refreshes a view's content (SwiftUI's `RefreshAction`): what `.refreshable` puts in the environment as
/// `\.refresh`, for a scroll view or list to run when pulled down, or for any view to call.
public struct RefreshAction: Sendable {
    let action: @Sendable () async -> Void

    /// Runs the refresh and returns when it is done.
    public func callAsFunction() async { await action() }
}

struct RefreshActionKey: EnvironmentKey { static let defaultValue: RefreshAction? = nil }

extension EnvironmentValues {
    /// The refresh action of the views below (`.refreshable`), nil where there is none.
    public internal(set) var refresh: RefreshAction? {
        get { self[RefreshActionKey.self] }
        set { self[RefreshActionKey.self] = newValue }
    }
}

extension View {
    /// Makes the lists and scroll views in this view refreshable (SwiftUI's `refreshable`): pulled down past a
    /// threshold at the top, they show a spinner and run `action`; the spinner stays until it returns.
    public func refreshable(action: @escaping @Sendable () async -> Void) -> some View {
        environment(\.refresh, RefreshAction(action: action))
    }
}

/// A scroll view's pull to refresh: how far the content is pulled down past its top, and whether the
/// refresh action is running (the content then stays down by `spinnerHeight`, over the spinner).
struct PullToRefresh {
    var pull: CGFloat = 0
    var isRefreshing = false

    /// How far the content must be pulled (after the finger's resistance) to refresh.
    static let threshold: CGFloat = 64
    /// The gap the spinner is shown in while refreshing.
    static let spinnerHeight: CGFloat = 52
}

extension ScrollViewBehavior {
    /// The finger wants the content at `offsetY`: above the top (negative) with a refresh action, the content
    /// comes down by half as much (the pull resists), over the spinner.
    func pull(to offsetY: CGFloat) {
        guard axes.contains(.vertical), node.environment.current.refresh != nil else { return }
        let resting: CGFloat = pullToRefresh.isRefreshing ? PullToRefresh.spinnerHeight : 0
        let pulled = max(resting, -offsetY / 2)
        guard pulled != pullToRefresh.pull else { return }
        pullToRefresh.pull = pulled
        node.setNeedsPlacement()
    }

    /// The finger lifted: past the threshold the refresh starts (the content rests over the spinner until the
    /// action returns); otherwise the content goes back up. Returns whether the content was pulled down.
    func releasePull() -> Bool {
        guard pullToRefresh.pull > 0 else { return false }
        if !pullToRefresh.isRefreshing, pullToRefresh.pull >= PullToRefresh.threshold, let refresh = node.environment.current.refresh {
            pullToRefresh.isRefreshing = true
            Task { @MainActor [weak self] in
                await refresh()
                self?.endRefreshing()
            }
        }
        pullToRefresh.pull = pullToRefresh.isRefreshing ? PullToRefresh.spinnerHeight : 0
        node.setNeedsPlacement()
        return true
    }

    private func endRefreshing() {
        guard node.isAlive else { return }
        pullToRefresh = PullToRefresh()
        node.setNeedsPlacement()
        node.setNeedsDisplay()
    }

    /// The spinner in the gap above the pulled content.
    func drawRefreshSpinner(into list: inout DisplayList) {
        guard pullToRefresh.pull > 0 else { return }
        let f = node.frame, size = ProgressSpinnerBehavior.size
        let gap = min(pullToRefresh.pull, PullToRefresh.spinnerHeight)
        ProgressSpinnerBehavior.draw(in: CGRect(x: (f.midX - size.width / 2).rounded(), y: (f.minY + (gap - size.height) / 2).rounded(),
                                                width: size.width, height: size.height), into: &list)
    }
}
