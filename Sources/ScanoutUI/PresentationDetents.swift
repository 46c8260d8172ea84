/// Sheet heights and sheet options set from inside a sheet's content (SwiftUI's `presentationDetents`,
/// `presentationDragIndicator`, `interactiveDismissDisabled`). Without detents a panel's sheet is as tall as
/// its content; with them it takes the smallest detent's height and a drag on its top edge (or on the
/// indicator) moves it to the next detent up or down — down from the smallest closes it, unless interactive
/// dismissal is disabled.

/// A height a sheet rests at (SwiftUI's `PresentationDetent`).
public struct PresentationDetent: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case fraction(Double), height(Double) }
    let kind: Kind
    /// Half the screen.
    public static let medium = PresentationDetent(kind: .fraction(0.5))
    /// The screen less a margin at the top.
    public static let large = PresentationDetent(kind: .fraction(0.92))
    public static func fraction(_ fraction: CGFloat) -> PresentationDetent { PresentationDetent(kind: .fraction(Double(fraction))) }
    public static func height(_ height: CGFloat) -> PresentationDetent { PresentationDetent(kind: .height(Double(height))) }

    func height(in screen: CGFloat) -> CGFloat {
        switch kind {
        case .fraction(let f): return (screen * Swift.min(1, Swift.max(0, f))).rounded()
        case .height(let h): return Swift.min(screen, Swift.max(0, h))
        }
    }
}

/// What the content of a sheet asked of it, collected as a preference.
struct SheetOptions: Equatable {
    var detents: [PresentationDetent] = []
    var selection: Binding<PresentationDetent>?
    var dragIndicator: Visibility = .automatic
    var dismissDisabled = false
    var background: SheetBackground?
    /// `presentationCornerRadius` (nil: the system's 16).
    var cornerRadius: CGFloat?

    static func == (a: SheetOptions, b: SheetOptions) -> Bool {
        a.detents == b.detents && a.dragIndicator == b.dragIndicator && a.dismissDisabled == b.dismissDisabled
            && (a.selection == nil) == (b.selection == nil) && a.background == b.background && a.cornerRadius == b.cornerRadius
    }
}

/// The fill of a sheet's card (`presentationBackground(_:)`), compared by the style's description (a
/// colour, a gradient: value types that print what they are).
struct SheetBackground: Equatable {
    let key: String
    let card: @MainActor (CGFloat) -> AnyView

    init<S: ShapeStyle>(_ style: S) {
        key = String(describing: style)
        card = { radius in AnyView(RoundedRectangle(cornerRadius: radius).fill(style)) }
    }

    static func == (a: SheetBackground, b: SheetBackground) -> Bool { a.key == b.key }
}

struct SheetCornerRadiusKey: PreferenceKey {
    static var defaultValue: CGFloat? { nil }
    static func reduce(value: inout CGFloat?, nextValue: () -> CGFloat?) {
        if let next = nextValue() { value = next }
    }
}

struct SheetBackgroundKey: PreferenceKey {
    static var defaultValue: SheetBackground? { nil }
    static func reduce(value: inout SheetBackground?, nextValue: () -> SheetBackground?) {
        if let next = nextValue() { value = next }
    }
}

// One key per option: a preference modifier's value replaces those of the views inside it (as in SwiftUI),
// so options set by modifiers stacked on the content must not share a key.
struct SheetDetentsKey: PreferenceKey {
    static var defaultValue: SheetDetents { SheetDetents() }
    static func reduce(value: inout SheetDetents, nextValue: () -> SheetDetents) {
        let next = nextValue()
        if !next.detents.isEmpty { value = next }
    }
}

struct SheetDetents: Equatable {
    var detents: [PresentationDetent] = []
    var selection: Binding<PresentationDetent>?
    static func == (a: SheetDetents, b: SheetDetents) -> Bool { a.detents == b.detents && (a.selection == nil) == (b.selection == nil) }
}

struct SheetDragIndicatorKey: PreferenceKey {
    static let defaultValue = Visibility.automatic
    static func reduce(value: inout Visibility, nextValue: () -> Visibility) {
        let next = nextValue()
        if next != .automatic { value = next }
    }
}

struct SheetDismissDisabledKey: PreferenceKey {
    static let defaultValue = false
    static func reduce(value: inout Bool, nextValue: () -> Bool) { value = value || nextValue() }
}

extension View {
    /// The heights the sheet this view is in rests at.
    public func presentationDetents(_ detents: Set<PresentationDetent>) -> some View {
        preference(key: SheetDetentsKey.self, value: SheetDetents(detents: Array(detents)))
    }

    /// The heights the sheet rests at, and which one it is at (written when a drag moves it).
    public func presentationDetents(_ detents: Set<PresentationDetent>, selection: Binding<PresentationDetent>) -> some View {
        preference(key: SheetDetentsKey.self, value: SheetDetents(detents: Array(detents), selection: selection))
    }

    /// Shows (or hides) the bar at the top of the sheet a finger drags it by.
    public func presentationDragIndicator(_ visibility: Visibility) -> some View {
        preference(key: SheetDragIndicatorKey.self, value: visibility)
    }

    /// Fills the sheet this view is the content of with `style` instead of the system's background.
    /// The corner radius of the sheet this view is in (nil: the system's).
    public func presentationCornerRadius(_ cornerRadius: CGFloat?) -> some View {
        preference(key: SheetCornerRadiusKey.self, value: cornerRadius.map { max(0, $0) })
    }

    public func presentationBackground<S: ShapeStyle>(_ style: S) -> some View {
        preference(key: SheetBackgroundKey.self, value: SheetBackground(style))
    }

    /// Keeps the sheet open against a tap outside or a drag down (buttons in it still close it).
    public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View {
        preference(key: SheetDismissDisabledKey.self, value: isDisabled)
    }
}
