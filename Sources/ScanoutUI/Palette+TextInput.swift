import ScanoutRender

/// The text fields' and the on-screen keyboard's colours and metrics (see `Palette`).
extension Palette {
    /// Inside a rounded-border field (systemBackground on iOS; raised in dark so it shows on black).
    static let fieldBackground = Color(rgba: RGBA(red: 255, green: 255, blue: 255), dark: RGBA(red: 28, green: 28, blue: 30))
    /// A rounded-border field's outline (systemGray4).
    static let fieldBorder = Color(rgba: RGBA(red: 199, green: 199, blue: 204), dark: RGBA(red: 72, green: 72, blue: 74))
    /// Selected text's highlight (the accent colour, faint).
    static let textSelection = Color(rgba: RGBA(red: 0, green: 122, blue: 255, alpha: 64), dark: RGBA(red: 10, green: 132, blue: 255, alpha: 90))
    /// The caret (the accent colour).
    static let caret = Color(rgba: RGBA(red: 0, green: 122, blue: 255), dark: RGBA(red: 10, green: 132, blue: 255))
    /// A rounded-border field's corner radius and the space between its border and the text.
    static let fieldCornerRadius: CGFloat = 8
    static let fieldPadding: CGFloat = 10
}
