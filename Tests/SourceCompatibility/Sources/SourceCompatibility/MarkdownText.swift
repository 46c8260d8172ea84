import ScanoutUI

/// Markdown in text literals, as SwiftUI apps write it: emphasis, code, strikethrough, links and Markdown kept
/// for a string from a model with `LocalizedStringKey`.
struct MaintenanceNotice: View {
    let part: String
    let note: String
    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text("**Warning:** the *filter* is due")
            Text("Replace `\(part)` before ~~Friday~~ Monday")
            Text("See the [manual](https://example.com/manual) or <https://example.com/help>")
                .tint(.orange)
            Text(LocalizedStringKey(note))
            Text(verbatim: "**shown as written**")
        }
        .environment(\.openURL, OpenURLAction { _ in .handled })
    }
}
