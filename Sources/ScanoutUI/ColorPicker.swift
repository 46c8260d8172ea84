import ScanoutRender

/// A control that picks a colour (SwiftUI's `ColorPicker`, iPad style): the label leading and a colour well
/// trailing (the colour in a ring of hues). A tap on the well opens the colours as a popover — a sheet on a
/// panel — holding iOS's grid: a row of greys over 12 hues in 9 shades, the chosen one ringed, and, with
/// `supportsOpacity`, an opacity slider. A choice sets the binding at once (as iOS's picker does); the sheet
/// closes with its close button, a swipe down or Escape. Disabled, the well is dimmed and opens nothing.
public struct ColorPicker<Label: View>: View {
    let label: Label
    let selection: Binding<Color>
    let supportsOpacity: Bool
    @State private var isPresented = false
    @Environment(\.isEnabled) private var isEnabled

    public init(selection: Binding<Color>, supportsOpacity: Bool = true, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.selection = selection
        self.supportsOpacity = supportsOpacity
    }

    public var body: some View {
        HStack {
            ControlLabel(label: label)
            ColorWell(color: selection.wrappedValue)
                .opacity(isEnabled ? 1 : 0.4)
                .frame(width: 44, height: 44)
                .contentShape(Rectangle())
                .onTapGesture { if isEnabled { isPresented = true } }
                .accessibilityIdentifier("ColorPicker.well")
        }
        .popover(isPresented: $isPresented) {
            ColorGridSheet(selection: selection, supportsOpacity: supportsOpacity) { isPresented = false }
        }
    }
}

extension ColorPicker where Label == Text {
    public init(_ titleKey: LocalizedStringKey, selection: Binding<Color>, supportsOpacity: Bool = true) {
        self.init(selection: selection, supportsOpacity: supportsOpacity) { Text(titleKey) }
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<Color>, supportsOpacity: Bool = true) {
        self.init(selection: selection, supportsOpacity: supportsOpacity) { Text(title) }
    }
}

/// The well: the colour in a circle inside a ring of every hue (how iOS marks a colour control).
struct ColorWell: View {
    let color: Color
    var body: some View {
        ZStack {
            Circle().strokeBorder(AngularGradient(colors: ColorGrid.ringHues, center: .center), lineWidth: 3)
            Circle().fill(color).padding(5)
        }
        .frame(width: 28, height: 28)
    }
}

/// The colours the grid offers, row by row: greys from white to black, then 9 shades (dark to light) of 12 hues.
enum ColorGrid {
    static let columns = 12
    static let rows = 10
    /// Hues in degrees, iOS's order: cyan-blue, blue, indigo, purple, magenta, red, vermilion, orange, amber,
    /// yellow, lime, green.
    static let hues: [Double] = [195, 215, 245, 275, 310, 355, 12, 30, 42, 55, 75, 100]
    /// Shade rows 1…9: brightness rising to full, then saturation falling towards white.
    static let shades: [(saturation: Double, brightness: Double)] = [
        (1, 0.3), (1, 0.45), (1, 0.6), (1, 0.8), (1, 1), (0.75, 1), (0.55, 1), (0.35, 1), (0.18, 1),
    ]
    static let ringHues: [Color] = stride(from: 0.0, through: 1.0, by: 1.0 / 6).map { Color(hue: $0, saturation: 0.9, brightness: 1) }

    /// The opaque colour at `row`, `column`.
    static func color(row: Int, column: Int) -> Color {
        if row == 0 { return Color(hue: 0, saturation: 0, brightness: 1 - Double(column) / Double(columns - 1)) }
        let s = shades[row - 1]
        return Color(hue: hues[column] / 360, saturation: s.saturation, brightness: s.brightness)
    }
}

/// The popover's content: the grid, the opacity slider, a close button.
struct ColorGridSheet: View {
    let selection: Binding<Color>
    let supportsOpacity: Bool
    let close: @MainActor () -> Void

    private var opacity: Double { Double(selection.wrappedValue.rgba.alpha) / 255 }

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            HStack {
                Text("Colors").font(.headline)
                Spacer()
                Button(action: close) { Image(systemName: "xmark.circle.fill").font(.title2) }
                    .buttonStyle(.plain)
                    .foregroundStyle(.secondary)
                    .accessibilityIdentifier("ColorPicker.close")
            }
            VStack(spacing: 0) {
                ForEach(0..<ColorGrid.rows, id: \.self) { row in
                    HStack(spacing: 0) {
                        ForEach(0..<ColorGrid.columns, id: \.self) { column in swatch(row: row, column: column) }
                    }
                }
            }
            .clipShape(RoundedRectangle(cornerRadius: 8))
            if supportsOpacity {
                Text("Opacity").font(.subheadline).foregroundStyle(.secondary)
                HStack {
                    Slider(value: Binding(get: { opacity }, set: { selection.wrappedValue = selection.wrappedValue.withAlpha($0) }),
                           in: 0...1)
                    Text(verbatim: "\(Int((opacity * 100).rounded()))%").monospacedDigit().frame(width: 52, alignment: .trailing)
                }
            }
        }
        .padding(20)
    }

    private func swatch(row: Int, column: Int) -> some View {
        let color = ColorGrid.color(row: row, column: column)
        let chosen = selection.wrappedValue.rgba.withAlpha(255) == color.rgba
        return Rectangle().fill(color)
            .frame(maxWidth: .infinity, minHeight: 26, maxHeight: 26)
            .overlay {
                if chosen { Rectangle().strokeBorder(row == 0 && column < 6 ? Color.black : Color.white, lineWidth: 3) }
            }
            .contentShape(Rectangle())
            .onTapGesture { selection.wrappedValue = supportsOpacity ? color.withAlpha(opacity) : color }
            .accessibilityIdentifier("ColorPicker.swatch.\(row).\(column)")
    }
}

extension Color {
    /// A colour from hue, saturation and brightness, each 0…1 (SwiftUI's `Color(hue:saturation:brightness:opacity:)`;
    /// a hue outside 0…1 wraps around the circle).
    nonisolated public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
        func byte(_ v: Double) -> UInt8 { v.isFinite ? UInt8(Swift.max(0, Swift.min(255, (v * 255).rounded()))) : 255 }
        guard hue.isFinite, saturation.isFinite, brightness.isFinite else {
            self.init(rgba: RGBA(red: 0, green: 0, blue: 0, alpha: byte(opacity)))
            return
        }
        let s = Swift.max(0, Swift.min(1, saturation)), v = Swift.max(0, Swift.min(1, brightness))
        var h = hue.truncatingRemainder(dividingBy: 1)
        if h < 0 { h += 1 }
        let sector = h * 6, i = Int(sector) % 6, f = sector - sector.rounded(.down)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double)
        switch i {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        self.init(rgba: RGBA(red: byte(r), green: byte(g), blue: byte(b), alpha: byte(opacity)))
    }

    /// This colour with opacity `alpha` (0…1) in place of its own, in both appearances.
    nonisolated func withAlpha(_ alpha: Double) -> Color {
        let a = UInt8(Swift.max(0, Swift.min(255, ((alpha.isFinite ? alpha : 1) * 255).rounded())))
        return Color(rgba: rgba.withAlpha(a), dark: darkRGBA.map { $0.withAlpha(a) })
    }
}

extension RGBA {
    func withAlpha(_ a: UInt8) -> RGBA { var c = self; c.alpha = a; return c }
}
