import ScanoutRender

/// The controls' part of the palette: button metrics by control size, and the colours steppers, pickers
/// and gauges share.
extension Palette {
    /// The corner radius of bordered buttons (iOS's bordered buttons are rounded rectangles, not capsules).
    static let buttonCornerRadius: CGFloat = 10

    /// A bordered button's font, horizontal padding and minimum height at `size`.
    struct ButtonMetrics {
        let font: Font
        let horizontalPadding: CGFloat
        let height: CGFloat
    }

    /// Touch-first: even `.mini` is a full 44-point target; larger sizes grow for gloved hands.
    static func buttonMetrics(_ size: ControlSize) -> ButtonMetrics {
        switch size {
        case .mini: ButtonMetrics(font: .footnote, horizontalPadding: 10, height: minimumHitTarget)
        case .small: ButtonMetrics(font: .subheadline, horizontalPadding: 12, height: minimumHitTarget)
        case .regular: ButtonMetrics(font: .body, horizontalPadding: 16, height: 48)
        case .large: ButtonMetrics(font: .title3, horizontalPadding: 20, height: 56)
        case .extraLarge: ButtonMetrics(font: .title2, horizontalPadding: 24, height: 64)
        }
    }

    /// The filled background of segmented pickers and steppers (tertiarySystemFill).
    static let controlBackground = Color(rgba: RGBA(red: 118, green: 118, blue: 128, alpha: 31), dark: RGBA(red: 118, green: 118, blue: 128, alpha: 61))
    /// The selected segment of a segmented picker (white in light, systemGray in dark).
    static let selectedSegment = Color(rgba: RGBA(red: 255, green: 255, blue: 255), dark: RGBA(red: 99, green: 99, blue: 102))
}
