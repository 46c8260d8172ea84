import Testing
@testable import ScanoutUI
import ScanoutTesting
import ScanoutRaster

/// `ColorPicker`: the well opens the grid as a popover (a sheet on a panel), a swatch sets the binding at once,
/// the opacity slider only with `supportsOpacity`, nothing opens while disabled; `Color(hue:saturation:brightness:)`.
@Suite @MainActor struct ColorPickerTests {
    @MainActor final class Model { var color = Color.red; var changes = 0 }

    struct Screen: View {
        let model: Model
        var supportsOpacity = true
        var disabled = false
        @State private var color = Color(hue: 215.0 / 360, saturation: 1, brightness: 1)
        var body: some View {
            Form {
                ColorPicker("Accent", selection: Binding(get: { color }, set: { color = $0; model.color = $0; model.changes += 1 }),
                            supportsOpacity: supportsOpacity)
                    .disabled(disabled)
                Text("Other row")
            }
        }
    }

    private func settle(_ host: TestHost) { for _ in 0..<40 { host.runFrame() } }

    @Test func aSwatchSetsTheSelectionAtOnce() throws {
        let model = Model()
        let host = TestHost(rootView: Screen(model: model), width: 800, height: 480)
        settle(host)
        #expect(host.frame(ofAccessibilityIdentifier: "ColorPicker.swatch.0.0") == nil, "closed at first")
        host.tap(accessibilityIdentifier: "ColorPicker.well"); settle(host)
        #expect(host.contains(text: "Colors"))
        // Row 5 holds the full-strength hues: column 5 is red (355°).
        host.tap(accessibilityIdentifier: "ColorPicker.swatch.5.5"); settle(host)
        #expect(model.changes == 1)
        #expect(model.color == Color(hue: 355.0 / 360, saturation: 1, brightness: 1))
        #expect(host.contains(text: "Colors"), "a choice keeps the grid open, as iOS's does")
        // The first grey is white.
        host.tap(accessibilityIdentifier: "ColorPicker.swatch.0.0"); settle(host)
        #expect(model.color == Color(white: 1))
        host.tap(accessibilityIdentifier: "ColorPicker.close"); settle(host)
        #expect(!host.contains(text: "Colors"))
        // The well shows the colour chosen.
        let well = try #require(host.frame(ofAccessibilityIdentifier: "ColorPicker.well"))
        #expect(host.pixel(x: Int(well.midX), y: Int(well.midY)) == RGBA(red: 255, green: 255, blue: 255))
    }

    @Test func theOpacitySliderOnlyWithSupportsOpacity() throws {
        let model = Model()
        let host = TestHost(rootView: Screen(model: model), width: 800, height: 480)
        settle(host)
        host.tap(accessibilityIdentifier: "ColorPicker.well"); settle(host)
        #expect(host.contains(text: "Opacity"))
        #expect(host.contains(text: "100%"))
        // Drag the slider's knob from its right end to the middle: the colour keeps its hue at about half opacity.
        let label = try #require(host.frame(ofText: "100%"))
        let y = label.midY, right = label.minX - 20
        host.drag(fromX: right, fromY: y, toX: right - 200, toY: y, steps: 10); settle(host)
        let alpha = Double(model.color.rgba.alpha) / 255
        #expect(alpha > 0.3 && alpha < 0.9, "\(alpha)")
        #expect(model.color.rgba.blue == 255, "the hue is kept")

        let opaque = TestHost(rootView: Screen(model: Model(), supportsOpacity: false), width: 800, height: 480)
        settle(opaque)
        opaque.tap(accessibilityIdentifier: "ColorPicker.well"); settle(opaque)
        #expect(opaque.contains(text: "Colors"))
        #expect(!opaque.contains(text: "Opacity"))
    }

    @Test func aDisabledPickerOpensNothing() {
        let model = Model()
        let host = TestHost(rootView: Screen(model: model, disabled: true), width: 800, height: 480)
        settle(host)
        host.tap(accessibilityIdentifier: "ColorPicker.well"); settle(host)
        #expect(!host.contains(text: "Colors"))
        #expect(model.changes == 0)
    }

    @Test func hueSaturationBrightness() {
        #expect(Color(hue: 0, saturation: 1, brightness: 1) == Color(red: 1, green: 0, blue: 0))
        #expect(Color(hue: 1.0 / 3, saturation: 1, brightness: 1) == Color(red: 0, green: 1, blue: 0))
        #expect(Color(hue: 2.0 / 3, saturation: 1, brightness: 1) == Color(red: 0, green: 0, blue: 1))
        #expect(Color(hue: 1, saturation: 1, brightness: 1) == Color(red: 1, green: 0, blue: 0), "the hue wraps")
        #expect(Color(hue: -0.5, saturation: 1, brightness: 1) == Color(red: 0, green: 1, blue: 1))
        #expect(Color(hue: 0.4, saturation: 0, brightness: 0.5) == Color(white: 0.5))
        #expect(Color(hue: .nan, saturation: 1, brightness: 1, opacity: 0.5) == Color(red: 0, green: 0, blue: 0, opacity: 0.5))
    }

    @Test func colorPickerGoldens() {
        expectContainerGoldens("controls-color-picker", { Screen(model: Model()) })
        expectContainerGoldens("controls-color-picker-open", { Screen(model: Model()) },
                               act: { $0.runFrame(); $0.tap(accessibilityIdentifier: "ColorPicker.well") })
    }
}
