import XCTest
import ScanoutUI
import ScanoutTesting

/// Toggle, Slider, ProgressView, Divider and Button: sizes, drawing, and touches through the whole frame loop.
final class ControlTests: XCTestCase, @unchecked Sendable {
    // MARK: Toggle

    struct WiFiSettings: View {
        @State var isOn = false
        var body: some View {
            VStack {
                Toggle("Wi-Fi", isOn: $isOn).layoutProbe("toggle")
                Text(isOn ? "Wi-Fi is on" : "Wi-Fi is off")
            }
        }
    }

    /// iOS's toggle: the label leading, a 51x31 switch trailing, as wide as proposed.
    @MainActor func testToggleLayout() async {
        let host = laidOut(Toggle("Wi-Fi", isOn: .constant(false)).layoutProbe("toggle"))
        let label = idealSize(ofText: "Wi-Fi")
        let top = ((200 - 31) / 2.0).rounded()
        assertFrame(host.probe("toggle"), x: 0, y: top, width: 300, height: 31)
        assertFrame(host.text("Wi-Fi"), x: 0, y: top + (31 - label.height) / 2, width: label.width, height: label.height)
    }

    @MainActor func testTappingTheSwitchFlipsTheBindingAndRedraws() async {
        let host = laidOut(WiFiSettings())
        XCTAssertTrue(host.contains(text: "Wi-Fi is off"))
        let toggle = host.probe("toggle")
        let switchCentre = (x: toggle.maxX - 25.5, y: toggle.midY)
        // Off: a light grey track, the knob on the left.
        assertColor(host.pixel(x: Int(toggle.maxX) - 8, y: Int(switchCentre.y)), Swatch.switchOff)

        host.tap(x: switchCentre.x, y: switchCentre.y)
        XCTAssertTrue(host.contains(text: "Wi-Fi is on"), "\(host.visibleTexts)")
        // On: a green track, the knob on the right.
        assertColor(host.pixel(x: Int(toggle.maxX) - 45, y: Int(switchCentre.y)), Swatch.green)
        assertColor(host.pixel(x: Int(toggle.maxX) - 16, y: Int(switchCentre.y)), Swatch.white)

        host.tap(x: switchCentre.x, y: switchCentre.y)
        XCTAssertTrue(host.contains(text: "Wi-Fi is off"))

        // The label is not part of the switch (as on iOS).
        host.tap(text: "Wi-Fi")
        XCTAssertTrue(host.contains(text: "Wi-Fi is off"))
    }

    /// The switch redraws from its binding even when nothing else reads the bound state.
    struct BareToggle: View {
        @State var isOn = false
        var body: some View { Toggle("Lamp", isOn: $isOn).layoutProbe("toggle") }
    }

    @MainActor func testToggleRedrawsWhenOnlyItReadsTheBinding() async {
        let host = laidOut(BareToggle())
        let toggle = host.probe("toggle")
        host.tap(x: toggle.maxX - 25, y: toggle.midY)
        assertColor(host.pixel(x: Int(toggle.maxX) - 45, y: Int(toggle.midY)), Swatch.green)
    }

    @MainActor func testDisabledToggleIgnoresTaps() async {
        struct Disabled: View {
            @State var isOn = false
            var body: some View {
                VStack {
                    Toggle("Locked", isOn: $isOn).disabled(true).layoutProbe("toggle")
                    Text(isOn ? "on" : "off")
                }
            }
        }
        let host = laidOut(Disabled())
        let toggle = host.probe("toggle")
        host.tap(x: toggle.maxX - 25, y: toggle.midY)
        XCTAssertTrue(host.contains(text: "off"))
    }

    // MARK: Slider

    struct Volume: View {
        @State var level = 0.0
        @State var edits = 0
        var body: some View {
            VStack {
                Slider(value: $level, in: 0...100) { editing in if !editing { edits += 1 } }.layoutProbe("slider")
                Text("level \(Int(level.rounded()))")
                Text("edits \(edits)")
            }
        }
    }

    /// The slider is as wide as proposed and as tall as its 28-point thumb; dragging sets the value in
    /// proportion to where the thumb's centre is on its travel (the width less half a thumb at each end),
    /// clamped to the range.
    @MainActor func testDraggingTheSliderSetsTheValueProportionally() async {
        let host = laidOut(Volume())
        let slider = host.probe("slider")
        XCTAssertEqual(slider.width, 300)
        XCTAssertEqual(slider.height, 28)
        let start = slider.minX + 14, travel = slider.width - 28
        XCTAssertTrue(host.contains(text: "level 0"))

        host.drag(fromX: start, fromY: slider.midY, toX: start + travel * 0.25, toY: slider.midY, steps: 4)
        XCTAssertTrue(host.contains(text: "level 25"), "\(host.visibleTexts)")
        XCTAssertTrue(host.contains(text: "edits 1"), "\(host.visibleTexts)")

        host.drag(fromX: start + travel * 0.25, fromY: slider.midY, toX: start + travel * 0.8, toY: slider.midY + 30, steps: 3)
        XCTAssertTrue(host.contains(text: "level 80"), "\(host.visibleTexts)")

        host.drag(fromX: start, fromY: slider.midY, toX: slider.maxX + 50, toY: slider.midY, steps: 2)
        XCTAssertTrue(host.contains(text: "level 100"), "clamped: \(host.visibleTexts)")
        host.drag(fromX: start + travel / 2, fromY: slider.midY, toX: -40, toY: slider.midY, steps: 2)
        XCTAssertTrue(host.contains(text: "level 0"), "clamped: \(host.visibleTexts)")
        XCTAssertTrue(host.contains(text: "edits 4"), "\(host.visibleTexts)")

        // The track is filled in the accent colour up to the thumb.
        host.drag(fromX: start, fromY: slider.midY, toX: start + travel / 2, toY: slider.midY, steps: 1)
        assertColor(host.pixel(x: Int(start + travel / 4), y: Int(slider.midY)), Swatch.blue)
        assertColor(host.pixel(x: Int(start + travel * 0.75), y: Int(slider.midY)), Swatch.track)
    }

    @MainActor func testSliderSteps() async {
        struct Stepped: View {
            @State var value: Float = 0
            var body: some View {
                VStack {
                    Slider(value: $value, in: 0...10, step: 2).layoutProbe("slider")
                    Text("value \(value, specifier: "%.1f")")
                }
            }
        }
        let host = laidOut(Stepped())
        let slider = host.probe("slider")
        let travel = slider.width - 28
        host.drag(fromX: slider.minX + 14, fromY: slider.midY, toX: slider.minX + 14 + travel * 0.33, toY: slider.midY, steps: 2)
        XCTAssertTrue(host.contains(text: "value 4.0"), "3.3 rounds to the step 4: \(host.visibleTexts)")
    }

    // MARK: ProgressView

    @MainActor func testProgressViewSizes() async {
        let spinner = laidOut(ProgressView().layoutProbe("p"))
        assertFrame(spinner.probe("p"), x: 140, y: 90, width: 20, height: 20)

        let bar = laidOut(ProgressView(value: 0.25).layoutProbe("p"))
        assertFrame(bar.probe("p"), x: 0, y: 98, width: 300, height: 4)
        // Filled in the accent colour for the first quarter, grey after.
        assertColor(bar.pixel(x: 30, y: 100), Swatch.blue)
        assertColor(bar.pixel(x: 200, y: 100), Swatch.track)

        let ideal = laidOut(ProgressView(value: 0.5).fixedSize().layoutProbe("p"))
        assertSize(ideal.probe("p"), width: 10, height: 4)

        let titled = laidOut(ProgressView("Copying", value: 30, total: 60).layoutProbe("p"))
        let title = idealSize(ofText: "Copying")
        assertSize(titled.probe("p"), width: 300, height: title.height + 4 + 4)
        XCTAssertEqual(titled.text("Copying").minX, 0, "the title is leading")
        assertColor(titled.pixel(x: 140, y: Int(titled.probe("p").maxY) - 2), Swatch.blue)
        assertColor(titled.pixel(x: 160, y: Int(titled.probe("p").maxY) - 2), Swatch.track)

        let full = laidOut(ProgressView(value: 2.0, total: 1.0))
        assertColor(full.pixel(x: 290, y: 100), Swatch.blue, "clamped to complete")
    }

    // MARK: Divider

    /// Two texts with a divider between them.
    @ViewBuilder @MainActor static func divided() -> some View {
        Text("Left")
        Divider().layoutProbe("d")
        Text("Right")
    }

    @MainActor func testDividerRunsAcrossTheStackAxis() async {
        let inColumn = laidOut(VStack { Self.divided() })
        XCTAssertEqual(inColumn.probe("d").width, 300)
        XCTAssertEqual(inColumn.probe("d").height, 1)
        XCTAssertEqual(inColumn.probe("d").minX, 0)

        let inRow = laidOut(HStack { Self.divided() })
        XCTAssertEqual(inRow.probe("d").width, 1)
        XCTAssertEqual(inRow.probe("d").height, 200)
        XCTAssertEqual(inRow.probe("d").minX, inRow.text("Left").maxX + 8)
        let d = inRow.probe("d")
        assertColor(inRow.pixel(x: Int(d.minX), y: 10), Swatch.separator)

        // In a fixed-size row the divider is as tall as the row's other content.
        let fitted = laidOut(HStack { Self.divided() }.fixedSize())
        XCTAssertEqual(fitted.probe("d").height, idealSize(ofText: "Left").height)

        let alone = laidOut(Divider().layoutProbe("d"))
        assertSize(alone.probe("d"), width: 300, height: 1)
    }

    // MARK: Button

    @MainActor func testDisabledButtonDoesNotRunItsAction() async {
        struct Counter: View {
            @State var count = 0
            @State var locked = true
            var body: some View {
                VStack {
                    Button("Add") { count += 1 }.disabled(locked)
                    Button("Unlock") { locked = false }
                    Text("count \(count)")
                }
            }
        }
        let host = laidOut(Counter())
        host.tap(text: "Add")
        XCTAssertTrue(host.contains(text: "count 0"), "\(host.visibleTexts)")
        host.tap(text: "Unlock")
        host.tap(text: "Add")
        XCTAssertTrue(host.contains(text: "count 1"), "\(host.visibleTexts)")
    }
}
