extension Text {
    /// Shows `input` formatted by `format` (SwiftUI's `Text(_:format:)`), with any `FormatStyle` whose output
    /// is a string: the app's own, or FoundationEssentials' (`Date.ISO8601FormatStyle`, `.iso8601`). Number
    /// and localized date styles (`.number`, `.percent`, `.currency`, `.dateTime`) are in
    /// FoundationInternationalization, with ICU's data: an app that imports it can pass them here too; Scanout's
    /// own `Text(date, style:)` and number formatting need neither.
    public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatInput: Equatable, F.FormatOutput == String {
        self.init(verbatim: format.format(input))
    }
}
