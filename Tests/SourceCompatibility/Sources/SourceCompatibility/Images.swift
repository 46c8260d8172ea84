import ScanoutUI

/// Icons drawn as templates in the foreground colour; symbols in their variants.
struct IconRow: View {
    var body: some View {
        HStack {
            Image("pump").renderingMode(.template).resizable().frame(width: 24, height: 24).foregroundColor(.accentColor)
            Image("logo").renderingMode(.original).interpolation(.high)
            Image("fan").renderingMode(nil)
            Image(systemName: "bell").symbolVariant(.fill)
            Label("Alarms", systemImage: "exclamationmark.triangle").symbolVariant(.circle.fill)
        }
        .symbolVariant(.none)
    }
}
