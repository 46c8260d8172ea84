import ScanoutRender

/// What the built-in controls (toggle, slider, progress bar) share in how they look: the palette's colours
/// (resolved by the colour scheme where they draw) and the round white knob.
@MainActor
enum ControlDrawing {
    /// A switch that is on.
    static let switchOn = Color.green
    /// How much of its opacity a disabled control keeps.
    static let disabledOpacity = Palette.disabledOpacity

    /// A capsule (fully rounded rectangle) filling `rect`.
    static func capsule(_ rect: CGRect, _ color: Color, in scheme: ColorScheme, into list: inout DisplayList) {
        guard rect.width > 0, rect.height > 0 else { return }
        let radius = min(rect.width, rect.height) / 2
        list.append(.fill(ScanoutRaster.Path(roundedRect: rect.raster, cornerRadius: radius), color.paint(in: scheme), FillStyle()))
    }

    /// A white knob of `diameter` centred at `center`, with a soft shadow below and a faint edge, so it shows
    /// on white as well as on a coloured track.
    static func knob(center: CGPoint, diameter: CGFloat, into list: inout DisplayList) {
        func circle(dy: CGFloat, grow: CGFloat) -> ScanoutRaster.Path {
            let d = diameter + grow
            return ScanoutRaster.Path(ellipseIn: Rect(x: center.x - d / 2, y: center.y - d / 2 + dy, width: d, height: d))
        }
        list.append(.fill(circle(dy: 1.5, grow: 1), .solid(RGBA(red: 0, green: 0, blue: 0, alpha: 28)), FillStyle()))
        list.append(.fill(circle(dy: 0, grow: 1), .solid(RGBA(red: 0, green: 0, blue: 0, alpha: 20)), FillStyle()))
        list.append(.fill(circle(dy: 0, grow: 0), .solid(.white), FillStyle()))
    }

    /// The keyboard focus ring: a 3-point accent-coloured rounded outline just outside `rect` (iPadOS draws
    /// its hardware-keyboard focus the same way).
    static func focusRing(around rect: CGRect, in scheme: ColorScheme, into list: inout DisplayList) {
        let ring = rect.insetBy(dx: -4, dy: -4)
        guard ring.width > 0, ring.height > 0 else { return }
        list.append(.stroke(ScanoutRaster.Path(roundedRect: ring.raster, cornerRadius: 6), Color.accentColor.paint(in: scheme), StrokeStyle(lineWidth: 3)))
    }

    /// Records `draw` as a group, dimmed when `enabled` is false.
    static func group(enabled: Bool, into list: inout DisplayList, _ draw: (inout DisplayList) -> Void) {
        if !enabled { list.append(.pushOpacity(disabledOpacity)) }
        draw(&list)
        if !enabled { list.append(.pop) }
    }
}
