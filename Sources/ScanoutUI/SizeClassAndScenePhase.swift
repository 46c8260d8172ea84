/// How much room an axis of the display offers (SwiftUI's `UserInterfaceSizeClass`). A panel has no window
/// to resize: the classes follow the display's size in points after rotation — compact below 600 points
/// (an 800x480 panel is regular across and compact down, like a phone on its side; 480x800 the other way
/// round), regular from 600 (1024x600, 1280x800 and larger are regular both ways, like a tablet).
public enum UserInterfaceSizeClass: Hashable, Sendable {
    case compact
    case regular

    static let regularFrom: CGFloat = 600

    /// The class of an axis `length` points long; regular while the display's size is not known.
    init(length: CGFloat) { self = length > 0 && length < Self.regularFrom ? .compact : .regular }
}

/// Whether the scene is in front (SwiftUI's `ScenePhase`). A kiosk's one scene is `.active` while the app
/// runs; the phase is an environment value the app (or a test) may set for a subtree.
public enum ScenePhase: Comparable, Hashable, Sendable {
    case background
    case inactive
    case active
}

struct HorizontalSizeClassKey: EnvironmentKey { static let defaultValue: UserInterfaceSizeClass?? = nil }
struct VerticalSizeClassKey: EnvironmentKey { static let defaultValue: UserInterfaceSizeClass?? = nil }
struct ScenePhaseKey: EnvironmentKey { static let defaultValue = ScenePhase.active }
struct CalendarKey: EnvironmentKey { static var defaultValue: Calendar { Calendar.current } }
struct TimeZoneKey: EnvironmentKey { static var defaultValue: TimeZone { TimeZone.current } }

extension EnvironmentValues {
    /// The horizontal size class: from the display's width unless set (`environment(\.horizontalSizeClass, …)`).
    public var horizontalSizeClass: UserInterfaceSizeClass? {
        get { self[HorizontalSizeClassKey.self] ?? UserInterfaceSizeClass(length: displaySize.width) }
        set { self[HorizontalSizeClassKey.self] = .some(newValue) }
    }

    /// The vertical size class: from the display's height unless set.
    public var verticalSizeClass: UserInterfaceSizeClass? {
        get { self[VerticalSizeClassKey.self] ?? UserInterfaceSizeClass(length: displaySize.height) }
        set { self[VerticalSizeClassKey.self] = .some(newValue) }
    }

    /// The scene's phase: `.active` while the app runs.
    public var scenePhase: ScenePhase {
        get { self[ScenePhaseKey.self] }
        set { self[ScenePhaseKey.self] = newValue }
    }

    /// The calendar for the app's own date arithmetic: the process's (`Calendar.current`) unless set.
    /// (Scanout's date texts and pickers use the Gregorian calendar and the board's local time whatever it holds.)
    public var calendar: Calendar {
        get { self[CalendarKey.self] }
        set { self[CalendarKey.self] = newValue }
    }

    /// The time zone for the app's own date formatting: the process's (`TimeZone.current`) unless set.
    /// (Scanout's date texts and pickers show the board's local time, from `TZ` or /etc/localtime, whatever it holds.)
    public var timeZone: TimeZone {
        get { self[TimeZoneKey.self] }
        set { self[TimeZoneKey.self] = newValue }
    }
}
