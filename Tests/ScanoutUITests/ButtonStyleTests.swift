import Testing
import ScanoutUI
import ScanoutTesting
import ScanoutRaster

/// Button styles, roles, tint and control size, and label styles, through TestHost.
@Suite @MainActor struct ButtonStyleTests {
    private static let white = RGBA(red: 255, green: 255, blue: 255)

    /// A colour composited over white at `alpha` (0...1), as the rasterizer does to within a level.
    private static func over(_ c: RGBA, alpha: Double) -> RGBA {
        func mix(_ v: UInt8) -> UInt8 { UInt8((Double(v) * alpha + 255 * (1 - alpha)).rounded()) }
        return RGBA(red: mix(c.red), green: mix(c.green), blue: mix(c.blue))
    }

    private static func close(_ a: RGBA, _ b: RGBA, within d: Int = 3) -> Bool {
        abs(Int(a.red) - Int(b.red)) <= d && abs(Int(a.green) - Int(b.green)) <= d && abs(Int(a.blue) - Int(b.blue)) <= d
    }

    /// Counts pixels in `rect` for which `test` holds.
    private static func count(_ host: TestHost, in rect: CGRect, where test: (RGBA) -> Bool) -> Int {
        var n = 0
        for y in Int(rect.minY)..<Int(rect.maxY) { for x in Int(rect.minX)..<Int(rect.maxX) where test(host.pixel(x: x, y: y)) { n += 1 } }
        return n
    }

    private struct Counter: View {
        @State var taps = 0
        let style: Int
        var body: some View {
            VStack {
                switch style {
                case 0: Button("Start") { taps += 1 }.buttonStyle(.bordered).layoutProbe("button")
                case 1: Button("Start") { taps += 1 }.buttonStyle(.borderedProminent).tint(.red).layoutProbe("button")
                default: Button("Start") { taps += 1 }.buttonStyle(.bordered).disabled(true).layoutProbe("button")
                }
                Text("taps \(taps)")
            }
        }
    }

    @Test func borderedDrawsATranslucentTintBehindTheLabelAndIsATouchTarget() throws {
        let host = TestHost(rootView: Counter(style: 0), width: 300, height: 200)
        host.runFrame()
        let frame = try #require(host.frame(ofProbe: "button"))
        #expect(frame.height >= 48)
        // Between the label's edge and the button's: the accent at 15 % over white.
        let behind = host.pixel(x: Int(frame.minX) + 5, y: Int(frame.midY))
        #expect(Self.close(behind, Self.over(RGBA(red: 0, green: 122, blue: 255), alpha: 0.15)), "\(behind)")
        // The label is drawn in the accent colour.
        let text = try #require(host.frame(ofText: "Start"))
        #expect(Self.count(host, in: text) { $0.blue > 200 && $0.red < 80 } > 10)
        // A tap beside the text but inside the background presses the button.
        host.tap(x: frame.minX + 4, y: frame.midY)
        #expect(host.contains(text: "taps 1"))
    }

    @Test func borderedProminentFillsWithTheTintAndDrawsTheLabelWhite() throws {
        let host = TestHost(rootView: Counter(style: 1), width: 300, height: 200)
        host.runFrame()
        let frame = try #require(host.frame(ofProbe: "button"))
        #expect(Self.close(host.pixel(x: Int(frame.minX) + 5, y: Int(frame.midY)), RGBA(red: 255, green: 59, blue: 48)))
        let text = try #require(host.frame(ofText: "Start"))
        #expect(Self.count(host, in: text) { $0.red > 240 && $0.green > 240 && $0.blue > 240 } > 10)
        host.tap(x: frame.midX, y: frame.midY)
        #expect(host.contains(text: "taps 1"))
    }

    @Test func aDisabledBorderedButtonIsDimmedAndIgnoresTaps() throws {
        let host = TestHost(rootView: Counter(style: 2), width: 300, height: 200)
        host.runFrame()
        let frame = try #require(host.frame(ofProbe: "button"))
        let behind = host.pixel(x: Int(frame.minX) + 5, y: Int(frame.midY))
        #expect(Self.close(behind, Self.over(RGBA(red: 0, green: 122, blue: 255), alpha: 0.075)), "\(behind)")
        host.tap(x: frame.midX, y: frame.midY)
        #expect(host.contains(text: "taps 0"))
    }

    @Test func aDestructiveRoleDrawsRedAndPressingDimsTheLabel() throws {
        let host = TestHost(rootView: Button("Delete", role: .destructive) {}, width: 200, height: 100)
        host.runFrame()
        let text = try #require(host.frame(ofText: "Delete"))
        let red = Self.count(host, in: text) { $0.red > 200 && $0.green < 120 }
        #expect(red > 10)
        host.touchDown(x: text.midX, y: text.midY)
        host.runFrame()
        #expect(Self.count(host, in: text) { $0.red > 200 && $0.green < 120 } < red / 4)  // 30 %: pink, not red
        host.touchUp(x: text.midX, y: text.midY)
        host.runFrame()
        #expect(Self.count(host, in: text) { $0.red > 200 && $0.green < 120 } == red)
    }

    @Test func controlSizeSetsTheHeightButNeverBelowAFingertip() throws {
        for (size, height) in [(ControlSize.mini, 44.0), (.small, 44), (.regular, 48), (.large, 56), (.extraLarge, 64)] {
            let host = TestHost(rootView: Button("Go") {}.buttonStyle(.bordered).controlSize(size).layoutProbe("b"), width: 300, height: 200)
            host.runFrame()
            #expect(try #require(host.frame(ofProbe: "b")).height == height, "\(size)")
        }
    }

    /// A custom `ButtonStyle` sees the press and the role; the button keeps its tap.
    private struct PressStyle: ButtonStyle {
        func makeBody(configuration: Configuration) -> some View {
            VStack {
                configuration.label
                Text(configuration.isPressed ? "down" : "up")
                Text(configuration.role == .cancel ? "cancel" : "other")
            }
        }
    }

    private struct Custom: View {
        @State var taps = 0
        var body: some View {
            VStack {
                Button("Go", role: .cancel) { taps += 1 }.buttonStyle(PressStyle())
                Text("taps \(taps)")
            }
        }
    }

    @Test func aCustomButtonStyleSeesPressAndRole() throws {
        let host = TestHost(rootView: Custom(), width: 300, height: 200)
        host.runFrame()
        #expect(host.contains(text: "up") && host.contains(text: "cancel"))
        let go = try #require(host.frame(ofText: "Go"))
        host.touchDown(x: go.midX, y: go.midY)
        host.runFrame()
        #expect(host.contains(text: "down"))
        host.touchUp(x: go.midX, y: go.midY)
        host.runFrame()
        #expect(host.contains(text: "up") && host.contains(text: "taps 1"))
    }

    /// A custom primitive style decides when to trigger: here a long press, so a tap does nothing.
    private struct HoldToConfirm: PrimitiveButtonStyle {
        func makeBody(configuration: Configuration) -> some View {
            configuration.label.onLongPressGesture(minimumDuration: 0.5) { configuration.trigger() }
        }
    }

    private struct Held: View {
        @State var fired = 0
        var body: some View {
            VStack {
                Button("Hold") { fired += 1 }.buttonStyle(HoldToConfirm())
                Text("fired \(fired)")
            }
        }
    }

    @Test func aCustomPrimitiveStyleTriggersTheAction() throws {
        let host = TestHost(rootView: Held(), width: 300, height: 200)
        host.runFrame()
        host.tap(text: "Hold")
        #expect(host.contains(text: "fired 0"))
        let hold = try #require(host.frame(ofText: "Hold"))
        host.touchDown(x: hold.midX, y: hold.midY)
        host.advance(seconds: 0.7)
        host.touchUp(x: hold.midX, y: hold.midY)
        host.runFrame()
        #expect(host.contains(text: "fired 1"))
    }

    // MARK: Label

    private struct Labels: View {
        var body: some View {
            VStack {
                Label { Text("Both") } icon: { Text("B-icon") }
                Label { Text("Title") } icon: { Text("T-icon") }.labelStyle(.titleOnly)
                Label { Text("Icon") } icon: { Text("I-icon") }.labelStyle(.iconOnly)
            }
        }
    }

    @Test func labelStylesChooseTitleIconOrBoth() throws {
        let host = TestHost(rootView: Labels(), width: 300, height: 200)
        host.runFrame()
        let icon = try #require(host.frame(ofText: "B-icon")), title = try #require(host.frame(ofText: "Both"))
        #expect(icon.maxX < title.minX && abs(icon.midY - title.midY) < 1)  // icon leading, same row
        #expect(host.contains(text: "Title") && !host.contains(text: "T-icon"))
        #expect(!host.contains(text: "Icon") && host.contains(text: "I-icon"))
    }

    @Test func aLabelInABorderedButtonTakesTheButtonsTint() throws {
        let host = TestHost(rootView: Button {} label: { Label { Text("Heat") } icon: { Text("H") } }
            .buttonStyle(.bordered).tint(.orange), width: 300, height: 100)
        host.runFrame()
        let text = try #require(host.frame(ofText: "Heat"))
        #expect(Self.count(host, in: text) { $0.red > 230 && $0.green > 100 && $0.green < 190 && $0.blue < 80 } > 10)
    }
}
