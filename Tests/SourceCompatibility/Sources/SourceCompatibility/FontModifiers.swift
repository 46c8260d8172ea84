import ScanoutUI

/// Font changes made on a container for every text inside it (iOS 16's view modifiers).
struct FontModifierSurvey: View {
    var body: some View {
        VStack { Text("a").font(.title); Text("b") + Text("c") }.bold().italic().fontDesign(.monospaced).fontWeight(.semibold).monospaced()
        Text("x").bold(true).italic(false).fontDesign(.serif).monospaced()
    }
}

/// Links underlined as a group, a cancelled price struck through, dotted and dashed lines.
struct DecoratedTexts: View {
    var body: some View {
        VStack {
            HStack { Text("Terms"); Text("Privacy") }.underline()
            Text("€ 12.00").strikethrough(true, pattern: .solid, color: .red)
            Text("Draft").underline(pattern: .dot)
            VStack { Text("Old"); Text("Older") }.strikethrough(pattern: .dashDot, color: .gray).underline(false)
            Text("Styled").underline(true, pattern: Text.LineStyle(pattern: .dash).pattern)
        }
    }
}

/// A unit with an exponent, through `baselineOffset`.
struct VolumeReadout: View {
    let volume: Double
    var body: some View {
        Text("\(volume, specifier: "%.1f") m") + Text("3").font(.caption).baselineOffset(6)
    }
}

/// An attributed string built in code and shown by `Text`.
struct AttributedLevel: View {
    let percent: Int
    var message: AttributedString {
        var label = AttributedString("Tank ")
        label.font = .body
        var level = AttributedString("\(percent) %")
        level.foregroundColor = percent < 20 ? .red : .green
        level.font = .headline.bold()
        level.underlineStyle = Text.LineStyle(pattern: .dash, color: .orange)
        var help = AttributedString(" help")
        help.link = URL(string: "https://example.com/tank")
        return label + level + help
    }
    var body: some View {
        Text(message)
            .foregroundColor(.primary)
    }
}

/// The view form of `baselineOffset`.
struct RaisedFootnote: View {
    var body: some View {
        HStack { Text("1"); Text("2") }.baselineOffset(4)
    }
}
