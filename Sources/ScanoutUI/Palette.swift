import ScanoutRender

/// The look every built-in container and control shares: semantic colours that resolve by the colour scheme,
/// and touch-first metrics (a fingertip, not a pointer, hits these). One place, so a List row, a Form's
/// toggle and a tab bar agree in light and in dark.
///
/// Colours follow iOS's system palette where SwiftUI code expects them (a `List` on `systemGroupedBackground`,
/// cells on `secondarySystemGroupedBackground`); metrics are larger than iOS's because a panel is touched
/// at arm's length, often with gloves.
enum Palette {
    /// Behind plain content (iOS's systemBackground).
    static let background = Color(rgba: RGBA(red: 255, green: 255, blue: 255), dark: RGBA(red: 0, green: 0, blue: 0))
    /// Behind grouped content: inset lists, forms (systemGroupedBackground).
    static let groupedBackground = Color(rgba: RGBA(red: 242, green: 242, blue: 247), dark: RGBA(red: 0, green: 0, blue: 0))
    /// Cells on a grouped background (secondarySystemGroupedBackground).
    static let groupedCell = Color(rgba: RGBA(red: 255, green: 255, blue: 255), dark: RGBA(red: 28, green: 28, blue: 30))
    /// Raised surfaces: bars, sheets, menus (secondarySystemBackground).
    static let raisedBackground = Color(rgba: RGBA(red: 242, green: 242, blue: 247), dark: RGBA(red: 28, green: 28, blue: 30))
    /// Surfaces raised above `raisedBackground`: a popover on a sheet (tertiarySystemBackground).
    static let elevatedBackground = Color(rgba: RGBA(red: 255, green: 255, blue: 255), dark: RGBA(red: 44, green: 44, blue: 46))
    /// Hairlines between rows and around bars (separator over the background).
    static let separator = Color(rgba: RGBA(red: 198, green: 198, blue: 200), dark: RGBA(red: 56, green: 56, blue: 58))
    /// What an `AsyncImage` shows until its image loads (iOS's grey placeholder box).
    static let imagePlaceholder = Color(rgba: RGBA(red: 229, green: 229, blue: 234), dark: RGBA(red: 44, green: 44, blue: 46))
    /// Tertiary text: placeholders, disabled labels (tertiaryLabel).
    static let tertiaryLabel = Color(rgba: RGBA(red: 60, green: 60, blue: 67, alpha: 77), dark: RGBA(red: 235, green: 235, blue: 245, alpha: 77))
    /// The unfilled part of tracks (systemGray5).
    static let track = Color(rgba: RGBA(red: 229, green: 229, blue: 234), dark: RGBA(red: 44, green: 44, blue: 46))
    /// A switch that is off (systemFill over the background).
    static let switchOff = Color(rgba: RGBA(red: 233, green: 233, blue: 235), dark: RGBA(red: 57, green: 57, blue: 61))
    /// A pressed row or button's highlight (systemGray4).
    static let highlight = Color(rgba: RGBA(red: 209, green: 209, blue: 214), dark: RGBA(red: 58, green: 58, blue: 60))
    /// Scroll indicators while the finger scrolls.
    static let scrollIndicator = Color(rgba: RGBA(red: 0, green: 0, blue: 0, alpha: 89), dark: RGBA(red: 255, green: 255, blue: 255, alpha: 89))
    /// Behind a modal presentation (sheet, alert, dialog): dims what it covers in either appearance.
    static let scrim = Color(rgba: RGBA(red: 0, green: 0, blue: 0, alpha: 102), dark: RGBA(red: 0, green: 0, blue: 0, alpha: 122))

    /// The smallest side of anything a finger should hit (Apple's and Material's 44 pt, kept on panels).
    /// A sheet's card (systemBackground, elevated in dark).
    static let sheetBackground = Color(rgba: RGBA(red: 255, green: 255, blue: 255), dark: RGBA(red: 28, green: 28, blue: 30))
    static let minimumHitTarget: CGFloat = 44
    /// A list or form row's minimum height.
    static let rowHeight: CGFloat = 52
    /// Leading and trailing padding inside rows, bars and grouped sections.
    static let rowPadding: CGFloat = 16
    /// The corner radius of inset grouped sections, alerts and buttons with a border.
    static let cornerRadius: CGFloat = 12
    /// How much of its opacity a disabled control keeps.
    static let disabledOpacity = 0.5
}
