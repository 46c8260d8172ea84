/// What the environment tells scroll views (and lists) inside: whether a finger may scroll them
/// (`scrollDisabled`) and whether they show indicators (`scrollIndicators`).

/// When a scroll view shows its indicators (SwiftUI's `ScrollIndicatorVisibility`). On a panel they show
/// only while the content moves; `.visible` and `.automatic` both mean that, `.hidden` and `.never` never.
public struct ScrollIndicatorVisibility: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case automatic, visible, hidden, never }
    let kind: Kind
    public static let automatic = ScrollIndicatorVisibility(kind: .automatic)
    public static let visible = ScrollIndicatorVisibility(kind: .visible)
    public static let hidden = ScrollIndicatorVisibility(kind: .hidden)
    public static let never = ScrollIndicatorVisibility(kind: .never)

    var shows: Bool { kind == .automatic || kind == .visible }
}

struct ScrollDisabledKey: EnvironmentKey { static let defaultValue = false }
struct VerticalScrollIndicatorsKey: EnvironmentKey { static let defaultValue = ScrollIndicatorVisibility.automatic }
struct HorizontalScrollIndicatorsKey: EnvironmentKey { static let defaultValue = ScrollIndicatorVisibility.automatic }

extension EnvironmentValues {
    /// Whether scroll views inside ignore the finger (`scrollDisabled`); code can still scroll them
    /// (`ScrollViewProxy.scrollTo`).
    public var isScrollEnabled: Bool {
        get { !self[ScrollDisabledKey.self] }
        set { self[ScrollDisabledKey.self] = !newValue }
    }

    /// The indicators of vertical scrolling.
    public var verticalScrollIndicatorVisibility: ScrollIndicatorVisibility {
        get { self[VerticalScrollIndicatorsKey.self] }
        set { self[VerticalScrollIndicatorsKey.self] = newValue }
    }

    /// The indicators of horizontal scrolling.
    public var horizontalScrollIndicatorVisibility: ScrollIndicatorVisibility {
        get { self[HorizontalScrollIndicatorsKey.self] }
        set { self[HorizontalScrollIndicatorsKey.self] = newValue }
    }
}

extension View {
    /// Scroll views inside ignore the finger while `disabled` (the touch goes to what is under it).
    public func scrollDisabled(_ disabled: Bool) -> some View {
        environment(\.isScrollEnabled, !disabled)
    }

    /// Whether scroll views inside show their indicators along `axes`.
    public func scrollIndicators(_ visibility: ScrollIndicatorVisibility, axes: Axis.Set = [.vertical, .horizontal]) -> some View {
        transformEnvironment(\.self) { e in
            if axes.contains(.vertical) { e.verticalScrollIndicatorVisibility = visibility }
            if axes.contains(.horizontal) { e.horizontalScrollIndicatorVisibility = visibility }
        }
    }
}
