import Testing
import ScanoutUI
import ScanoutTesting
import ScanoutRaster

/// Picker: tags (explicit and ForEach's implicit ids), each style through TestHost, wheel momentum and
/// snapping, disabled pickers.
@Suite @MainActor struct PickerTests {
    enum Mode: String, CaseIterable, Identifiable {
        case heat, cool, auto
        var id: Self { self }
        var title: String { rawValue.capitalized }
    }

    private struct ModePicker<S: PickerStyle>: View {
        let style: S
        var disabled = false
        @State var mode = Mode.heat
        var body: some View {
            VStack {
                Picker("Mode", selection: $mode) {
                    ForEach(Mode.allCases) { m in Text(m.title) }
                }
                .pickerStyle(style)
                .disabled(disabled)
                .layoutProbe("picker")
                Text("mode \(mode.rawValue)")
            }
        }
    }

    @Test func segmentedTapsChooseTheTaggedOption() throws {
        let host = TestHost(rootView: ModePicker(style: .segmented), width: 300, height: 200)
        host.runFrame()
        let f = try #require(host.frame(ofProbe: "picker"))
        #expect(f.width == 300 && f.height == 44)
        // Equal segments: each title centred in a third.
        let cool = try #require(host.frame(ofText: "Cool"))
        #expect(abs(cool.midX - 150) < 1)
        // The chosen segment is raised (white) over the grey well.
        #expect(host.pixel(x: 50, y: Int(f.minY) + 6) == RGBA(red: 255, green: 255, blue: 255))
        #expect(host.pixel(x: 150, y: Int(f.minY) + 6).red < 250)
        host.tap(text: "Auto")
        #expect(host.contains(text: "mode auto"))
        #expect(host.pixel(x: 250, y: Int(f.minY) + 6) == RGBA(red: 255, green: 255, blue: 255))
    }

    @Test func aDisabledPickerIgnoresTaps() {
        let host = TestHost(rootView: ModePicker(style: .segmented, disabled: true), width: 300, height: 200)
        host.runFrame()
        host.tap(text: "Auto")
        #expect(host.contains(text: "mode heat"))
    }

    private struct Tagged: View {
        @State var speed = 2
        var body: some View {
            VStack {
                Picker("Fan", selection: $speed) {
                    Text("Low").tag(1)
                    Text("Medium").tag(2)
                    Text("High").tag(3).foregroundColor(.red)
                }
                .pickerStyle(.inline)
                Text("speed \(speed)")
            }
        }
    }

    @Test func inlineRowsWithExplicitTags() {
        let host = TestHost(rootView: Tagged(), width: 300, height: 300)
        host.runFrame()
        #expect(host.contains(text: "Low") && host.contains(text: "Medium") && host.contains(text: "High"))
        host.tap(text: "High")  // the tag inside another modifier is still the option's
        #expect(host.contains(text: "speed 3"))
        host.tap(text: "Low")
        #expect(host.contains(text: "speed 1"))
    }

    @Test func theMenuStylePopsUpAMenuOfTheOptions() {
        let host = TestHost(rootView: ModePicker(style: .menu), width: 300, height: 300)
        host.runFrame()
        #expect(host.contains(text: "Mode") && host.contains(text: "Heat") && !host.contains(text: "Cool"))
        let row = host.frame(ofText: "Mode")
        host.tap(text: "Mode")
        #expect(host.contains(text: "Cool") && host.contains(text: "Auto"))
        #expect(host.frame(ofText: "Mode") == row, "a menu over the screen: nothing below the row moves")
        host.tap(text: "Cool")
        #expect(host.contains(text: "mode cool") && !host.contains(text: "Auto"), "\(host.visibleTexts)")
        host.tap(text: "Mode")
        #expect(host.contains(text: "Auto"))
        host.tap(x: 5, y: 295)  // outside the card: it closes, and the tap does nothing else
        #expect(!host.contains(text: "Auto") && host.contains(text: "mode cool"))
        host.tap(text: "Mode")
        host.press(.escape)
        #expect(!host.contains(text: "Auto"), "Escape closes it")
    }

    private struct Settings: View {
        @State var mode = "Heat"
        var body: some View {
            NavigationStack {
                Form {
                    Picker("Mode", selection: $mode) {
                        ForEach(["Heat", "Cool", "Auto"], id: \.self) { Text($0) }
                    }
                    .pickerStyle(.navigationLink)
                    Text("mode \(mode)")
                }
            }
        }
    }

    @Test func theNavigationLinkStylePushesTheOptionsAndChoosingPops() {
        let host = TestHost(rootView: Settings(), width: 800, height: 480)
        for _ in 0..<30 { host.runFrame() }
        #expect(host.contains(text: "Mode") && host.contains(text: "Heat") && !host.contains(text: "Cool"))
        host.tap(text: "Mode")
        for _ in 0..<30 { host.runFrame() }
        #expect(host.contains(text: "Cool") && host.contains(text: "Auto"), "pushed: \(host.visibleTexts)")
        host.tap(text: "Auto")
        for _ in 0..<30 { host.runFrame() }
        #expect(host.contains(text: "mode Auto") && !host.contains(text: "Cool"), "chosen and popped: \(host.visibleTexts)")
    }

    private struct Hours: View {
        @State var hour = 0
        var body: some View {
            VStack(spacing: 0) {
                Picker("Hour", selection: $hour) {
                    ForEach(0..<24) { h in Text("\(h) h") }
                }
                .pickerStyle(.wheel)
                .layoutProbe("wheel")
                Text("hour \(hour)")
            }
        }
    }

    @Test func theWheelSnapsASlowDragToTheNearestRow() throws {
        let host = TestHost(rootView: Hours(), width: 300, height: 400)
        host.runFrame()
        let f = try #require(host.frame(ofProbe: "wheel"))
        #expect(f.height == 220)
        // Up by 2.4 rows and let go without speed: two rows on.
        host.drag(fromX: 150, fromY: f.midY + 40, toX: 150, toY: f.midY + 40 - 2.4 * 44, steps: 20)
        host.advance(seconds: 1)
        #expect(host.contains(text: "hour 2"), "\(host.visibleTexts)")
        // At rest the chosen row is centred in the band.
        let band = host.pixel(x: 20, y: Int(f.midY))
        #expect(band.red < 250)
        host.drag(fromX: 150, fromY: f.midY, toX: 150, toY: f.midY + 0.4 * 44, steps: 20)
        host.advance(seconds: 1)
        #expect(host.contains(text: "hour 2"))  // less than half a row: back to the same row
    }

    @Test func aFlingCarriesOnWithMomentumAndStopsAtTheEnd() throws {
        let host = TestHost(rootView: Hours(), width: 300, height: 400)
        host.runFrame()
        let f = try #require(host.frame(ofProbe: "wheel"))
        host.fling(fromX: 150, fromY: f.maxY - 10, toX: 150, toY: f.maxY - 10 - 88, steps: 4)
        host.advance(seconds: 1.5)
        // 88 points in four frames: well past the two rows the finger moved.
        let texts = host.visibleTexts.filter { $0.hasPrefix("hour ") }
        let hour = try #require(texts.first.flatMap { Int($0.dropFirst(5)) })
        #expect(hour > 4)
        // A hard fling the other way stops at the first row.
        host.fling(fromX: 150, fromY: f.minY + 10, toX: 150, toY: f.minY + 10 + 200, steps: 3)
        host.advance(seconds: 1.5)
        #expect(host.contains(text: "hour 0"))
    }
}
