import Testing
import ScanoutUI
import ScanoutTesting
import ScanoutRaster

/// Toggle styles (switch, button, checkbox, custom) and the tint of the switch, through TestHost.
@Suite @MainActor struct ToggleStyleTests {
    private struct Settings<S: ToggleStyle>: View {
        let style: S
        var tint: Color? = nil
        var disabled = false
        @State var isOn = false
        var body: some View {
            VStack {
                Toggle("Heating", isOn: $isOn).toggleStyle(style).tint(tint).disabled(disabled).layoutProbe("toggle")
                Text(isOn ? "heating on" : "heating off")
            }
        }
    }

    private static func close(_ a: RGBA, _ b: RGBA, within d: Int = 3) -> Bool {
        abs(Int(a.red) - Int(b.red)) <= d && abs(Int(a.green) - Int(b.green)) <= d && abs(Int(a.blue) - Int(b.blue)) <= d
    }

    @Test func theSwitchTakesTheTintWhenOn() throws {
        let host = TestHost(rootView: Settings(style: .switch, tint: .orange), width: 300, height: 200)
        host.runFrame()
        let f = try #require(host.frame(ofProbe: "toggle"))
        host.tap(x: f.maxX - 25, y: f.midY)
        #expect(host.contains(text: "heating on"))
        #expect(Self.close(host.pixel(x: Int(f.maxX) - 45, y: Int(f.midY)), RGBA(red: 255, green: 149, blue: 0)))
    }

    @Test func theButtonStyleIsFilledWhileOn() throws {
        let host = TestHost(rootView: Settings(style: .button), width: 300, height: 200)
        host.runFrame()
        let f = try #require(host.frame(ofProbe: "toggle"))
        #expect(f.height >= 48)
        let edge = (x: Int(f.minX) + 4, y: Int(f.midY))
        #expect(host.pixel(x: edge.x, y: edge.y).red > 200)  // off: translucent accent, nearly white
        host.tap(x: f.midX, y: f.midY)
        #expect(host.contains(text: "heating on"))
        #expect(Self.close(host.pixel(x: edge.x, y: edge.y), RGBA(red: 0, green: 122, blue: 255)))
        host.tap(x: f.midX, y: f.midY)
        #expect(host.contains(text: "heating off"))
    }

    @Test func theCheckboxRowIsOneTouchTarget() throws {
        let host = TestHost(rootView: Settings(style: .checkbox), width: 300, height: 200)
        host.runFrame()
        let f = try #require(host.frame(ofProbe: "toggle"))
        #expect(f.height >= 44 && f.width == 300)
        // Off: an outline, its inside the background.
        #expect(host.pixel(x: Int(f.minX) + 12, y: Int(f.midY)) == RGBA(red: 255, green: 255, blue: 255))
        host.tap(x: f.maxX - 10, y: f.midY)  // far from the box, still the row
        #expect(host.contains(text: "heating on"))
        #expect(Self.close(host.pixel(x: Int(f.minX) + 5, y: Int(f.midY) - 6), RGBA(red: 0, green: 122, blue: 255)))
    }

    @Test func aDisabledCheckboxIgnoresTaps() throws {
        let host = TestHost(rootView: Settings(style: .checkbox, disabled: true), width: 300, height: 200)
        host.runFrame()
        let f = try #require(host.frame(ofProbe: "toggle"))
        host.tap(x: f.midX, y: f.midY)
        #expect(host.contains(text: "heating off"))
    }

    /// A custom style reads and writes the binding through its configuration.
    private struct OnOffWords: ToggleStyle {
        func makeBody(configuration: Configuration) -> some View {
            HStack {
                configuration.label
                Text(configuration.isOn ? "ON" : "OFF").onTapGesture { configuration.$isOn.wrappedValue.toggle() }
            }
        }
    }

    @Test func aCustomToggleStyle() {
        let host = TestHost(rootView: Settings(style: OnOffWords()), width: 300, height: 200)
        host.runFrame()
        #expect(host.contains(text: "OFF") && host.contains(text: "Heating"))
        host.tap(text: "OFF")
        #expect(host.contains(text: "ON") && host.contains(text: "heating on"))
    }
}
