import XCTest
@testable import ScanoutUI
import ScanoutTesting

/// `sheet(isPresented:onDismiss:content:)`: the sheet slides up from the bottom edge, the view under it is
/// dimmed and takes no touches, and it closes by `dismiss()` or by a tap on the dimmed area, then
/// `onDismiss` runs.
final class SheetTests: XCTestCase, @unchecked Sendable {
    @MainActor final class Log {
        var events: [String] = []
    }

    struct Panel: View {
        @State var showSettings = false
        @State var count = 0
        let log: Log
        var body: some View {
            VStack(spacing: 20) {
                Button("Settings") { showSettings = true }
                Button("Count \(count)") { count += 1 }
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .top)
            .sheet(isPresented: $showSettings, onDismiss: { log.events.append("dismissed") }) {
                SettingsView()
            }
        }
    }

    struct SettingsView: View {
        @Environment(\.dismiss) private var dismiss
        var body: some View {
            VStack(alignment: .leading, spacing: 12) {
                Text("Settings title")
                Button("Done") { dismiss() }
            }
        }
    }

    @MainActor func makeHost(_ log: Log) -> TestHost {
        let host = TestHost(rootView: Panel(log: log), width: 400, height: 300)
        host.runFrame()
        return host
    }

    @MainActor func settle(_ host: TestHost) {
        for _ in 0..<24 { host.runFrame() }
    }

    /// The card follows the colour scheme (systemBackground: white, raised grey in dark), and
    /// `presentationBackground` replaces it.
    @MainActor func testTheCardFollowsTheColourSchemeAndPresentationBackground() async throws {
        struct Presenter: View {
            var dark = false
            var fill: Color? = nil
            @State var shown = true
            var body: some View {
                Color.clear.sheet(isPresented: $shown) {
                    if let fill { Text("Sheet").presentationBackground(fill) } else { Text("Sheet") }
                }
                .preferredColorScheme(dark ? .dark : .light)
            }
        }
        func card(_ p: Presenter) -> RGBA {
            let host = TestHost(rootView: p, width: 400, height: 300)
            host.runFrame()
            settle(host)
            let f = host.frame(ofText: "Sheet")!
            return host.pixel(x: Int(f.maxX) + 20, y: Int(f.midY))
        }
        XCTAssertEqual(card(Presenter()), RGBA(red: 255, green: 255, blue: 255))
        XCTAssertEqual(card(Presenter(dark: true)), RGBA(red: 28, green: 28, blue: 30))
        XCTAssertEqual(card(Presenter(fill: Color(red: 0, green: 0.5, blue: 0))), RGBA(red: 0, green: 128, blue: 0))
    }

    @MainActor func testTheSheetSlidesUpFromTheBottomAndDismissActionClosesIt() async throws {
        let log = Log()
        let host = makeHost(log)
        XCTAssertFalse(host.contains(text: "Settings title"))
        host.tap(text: "Settings")
        host.runFrame()
        host.runFrame()
        // Partway through the slide, a point just inside the resting card's top still shows the dimmed view
        // (mid grey); once the sheet has arrived it shows the card (white in light appearance).
        let moving = host.pixel(x: 40, y: 210)
        settle(host)
        let rest = try XCTUnwrap(host.frame(ofText: "Settings title"))
        XCTAssertLessThan(rest.minY - 24, 210, "the card's top is above the sampled point")
        XCTAssertGreaterThan(rest.minY, 150, "the sheet sits at the bottom of the screen")
        let arrived = host.pixel(x: 40, y: 210)
        XCTAssertGreaterThan(Int(moving.green), 100, "mid-slide: the dimmed view at (40, 210), \(moving)")
        XCTAssertNotEqual(moving, arrived, "mid-slide the card is not there yet")
        XCTAssertEqual(arrived, RGBA(red: 255, green: 255, blue: 255), "arrived: the card at (40, 210)")
        let frames = host.committedFrames
        host.runFrame()
        XCTAssertEqual(host.committedFrames, frames, "frames stop once the sheet has arrived")

        host.tap(text: "Done")
        settle(host)
        XCTAssertFalse(host.contains(text: "Settings title"), "dismiss() closes the sheet")
        XCTAssertEqual(log.events, ["dismissed"])
    }

    @MainActor func testTheViewUnderTheSheetTakesNoTouchesAndATapOnTheDimmedAreaCloses() async throws {
        let log = Log()
        let host = makeHost(log)
        host.tap(text: "Settings")
        settle(host)
        host.tap(text: "Count 0")
        settle(host)
        XCTAssertFalse(host.contains(text: "Count 1"), "a touch on the dimmed view does not reach it")
        XCTAssertFalse(host.contains(text: "Settings title"), "a tap on the dimmed area closes the sheet")
        XCTAssertEqual(log.events, ["dismissed"])
        host.tap(text: "Count 0")
        host.runFrame()
        XCTAssertTrue(host.contains(text: "Count 1"), "with the sheet closed, the view takes touches again")
    }

    @MainActor func testTheDimmedAreaDarkensThePresentingView() async throws {
        let host = makeHost(Log())
        let before = host.pixel(x: 5, y: 5)
        host.tap(text: "Settings")
        settle(host)
        let after = host.pixel(x: 5, y: 5)
        XCTAssertLessThan(Int(after.red) + Int(after.green) + Int(after.blue),
                          Int(before.red) + Int(before.green) + Int(before.blue) - 200, "dimmed: \(before) -> \(after)")
    }
}

/// `Binding.animation(_:)`: a write through it joins an animated transaction.
final class BindingAnimationTests: XCTestCase, @unchecked Sendable {
    struct Fader: View {
        @State var on = true
        var body: some View {
            VStack(alignment: .leading, spacing: 0) {
                Toggle("on", isOn: $on.animation(.linear(duration: 1)))
                Color.red.frame(width: 50, height: 50).opacity(on ? 1 : 0)
            }
            .frame(width: 200, height: 200, alignment: .topLeading)
        }
    }

    @MainActor func testAToggleBoundThroughAnimationAnimatesWhatItChanges() async throws {
        let host = TestHost(rootView: Fader(), width: 200, height: 200)
        host.runFrame()
        let box = try XCTUnwrap(host.frame(ofText: "on"))
        let y = Int(box.maxY) + 25
        XCTAssertEqual(host.pixel(x: 25, y: y), RGBA(red: 255, green: 59, blue: 48))
        host.tap(x: 180, y: box.midY)  // the switch sits at the trailing edge
        let began = host.time
        while host.time < began + 0.5 - 1e-9 { host.runFrame() }
        let half = host.pixel(x: 25, y: y)
        XCTAssertEqual(Double(half.green), (59.0 + 255) / 2, accuracy: 12, "halfway through the fade: \(half)")
        host.advance(seconds: 1)
        XCTAssertEqual(host.pixel(x: 25, y: y), RGBA(red: 255, green: 255, blue: 255))
    }
}
