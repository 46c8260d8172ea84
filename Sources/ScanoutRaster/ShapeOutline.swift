/// The device-space outline of a filled or stroked path, kept between draws: drawing the same path with the
/// same style under the same transform again (an unchanged item repainted under a damage rectangle, or in
/// every compositing band it touches) skips flattening and stroking and feeds the kept segments to the
/// rasterizer. The key is the path, style and transform by value, so the outline is rebuilt exactly when one of
/// them changes; comparing an unchanged retained path is cheap (its arrays share storage).
public final class ShapeOutline {
    enum Key: Equatable {
        case fill(Path, AffineTransform)
        case stroke(Path, StrokeStyle, AffineTransform)
    }

    var key: Key?
    var contours = ContourCollector()
    /// The opacity factor of a stroke outline (1, or a dash pattern's mean coverage when it was drawn solid; NaN
    /// when the path was not finite).
    var strokeCoverage = 1.0
    /// `contours.deviceBounds()`, computed once per outline.
    var bounds: IntRect?
    /// The spans of the whole shape, made the first time only part of it is repainted (see `Canvas`).
    var sweep = SweepRecording()
    /// How many times the shape's cells were accumulated and swept for a partial repaint (for tests: an
    /// unchanged shape repainted under damage again and again is swept once).
    public private(set) var sweeps = 0
    /// Draws since the outline was built (a shape drawn whole is recorded from its second draw on: one drawn
    /// once, or changing every frame, is not worth recording).
    var drawsSinceBuild = 0
    /// Visible pixels drawn since the outline was built (recording pays once they add up; see `Canvas`).
    var pixelsDrawnSinceBuild = 0
    /// How many times the outline was built (for tests: an unchanged shape is not flattened again).
    public private(set) var builds = 0

    public init() {}

    /// Whether the outline holds `key`; otherwise builds it with `build` (which fills `contours`).
    func prepare(_ key: Key, _ build: (inout ContourCollector) -> Void) {
        if self.key == key { return }
        contours.reset()
        build(&contours)
        bounds = contours.deviceBounds()
        sweep.invalidate()
        drawsSinceBuild = 0
        pixelsDrawnSinceBuild = 0
        self.key = key
        builds += 1
    }

    /// Forgets the outline (the next draw builds it again).
    public func invalidate() {
        key = nil
        sweep.invalidate()
    }

    func countSweep() { sweeps += 1 }
}
