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

extension Palette {
    /// Behind the on-screen keyboard's keys (iOS's keyboard tray).
    static let keyboardBackground = Color(rgba: RGBA(red: 209, green: 212, blue: 217), dark: RGBA(red: 43, green: 43, blue: 45))
    /// A character key.
    static let keyFill = Color(rgba: RGBA(red: 255, green: 255, blue: 255), dark: RGBA(red: 107, green: 107, blue: 110))
    /// Shift, backspace, the page switches and return.
    static let functionKeyFill = Color(rgba: RGBA(red: 171, green: 177, blue: 186), dark: RGBA(red: 70, green: 70, blue: 73))
    /// A key under the finger.
    static let pressedKeyFill = Color(rgba: RGBA(red: 140, green: 145, blue: 153), dark: RGBA(red: 150, green: 150, blue: 154))
    /// Key labels.
    static let keyLabel = Color(rgba: RGBA(red: 0, green: 0, blue: 0), dark: RGBA(red: 255, green: 255, blue: 255))
    /// The shadow under each key.
    static let keyShadow = Color(rgba: RGBA(red: 136, green: 138, blue: 142), dark: RGBA(red: 20, green: 20, blue: 20))
    /// A key's height, and the gap between keys and around them: at least a gloved fingertip.
    static let keyHeight: CGFloat = 48
    static let keyGap: CGFloat = 6
    /// How long the keyboard takes to slide in or out.
    static let keyboardSlideDuration = 0.25
    /// Backspace held: the delay before it repeats, and the repeat interval.
    static let keyRepeatDelay = 0.5
    static let keyRepeatInterval = 0.1
}
