import ScanoutRender

/// Colours and metrics of the containers (lists, navigation and tab bars, alerts), beside the shared ones.
extension Palette {
    /// A selected list row's cell (systemGray4, as a selected row on iOS).
    static let listSelection = Color(rgba: RGBA(red: 209, green: 209, blue: 214), dark: RGBA(red: 58, green: 58, blue: 60))
    /// The tint of links, bar buttons and the selected tab (systemBlue).
    static let tint = Color(rgba: RGBA(red: 0, green: 122, blue: 255), dark: RGBA(red: 10, green: 132, blue: 255))
    /// Destructive actions (systemRed).
    static let destructive = Color(rgba: RGBA(red: 255, green: 59, blue: 48), dark: RGBA(red: 255, green: 69, blue: 58))
    /// Unselected tab items (systemGray).
    static let unselectedTab = Color(rgba: RGBA(red: 142, green: 142, blue: 147), dark: RGBA(red: 142, green: 142, blue: 147))
    /// An alert's card (a light or dark material, opaque on a panel).
    static let alertBackground = Color(rgba: RGBA(red: 242, green: 242, blue: 247), dark: RGBA(red: 44, green: 44, blue: 46))

    /// A navigation bar's height (the inline title and its buttons).
    static let navigationBarHeight: CGFloat = 56
    /// The height of a large title under the bar.
    static let largeTitleHeight: CGFloat = 52
    /// A tab bar's height.
    static let tabBarHeight: CGFloat = 64
    /// How far from the leading edge a finger must go down to start the swipe back (points).
    static let edgeSwipeWidth: CGFloat = 24
}
