import XCTest
import ScanoutUI
import ScanoutTesting

/// Keys reach views: Tab moves the focus among buttons, Return and space press the focused one, and
/// `onKeyPress` handlers hear what the focused view leaves (or every key when nothing is focused).
private struct KeyPanel: View {
    @State private var log = "nothing"
    @State private var enabled = false
    var body: some View {
        VStack {
            Text("log: \(log)")
            Button("First") { log = "first" }
            Button("Disabled") { log = "disabled" }.disabled(!enabled)
            Button("Second") { log = "second" }
                .onKeyPress("x") { log = "x near second"; return .handled }
        }
        .onKeyPress(.escape) { log = "escape"; return .handled }
        .onKeyPress(phases: .down) { press in
            // Typed text only: named keys (Tab) go on to focus navigation.
            guard !press.characters.isEmpty else { return .ignored }
            log = "root heard \(press.characters)"
            return .handled
        }
    }
}

final class KeyboardTests: XCTestCase, @unchecked Sendable {
    @MainActor func testTabFocusesButtonsAndReturnOrSpacePressesThem() async {
        let host = TestHost(rootView: KeyPanel(), width: 300, height: 200)
        host.runFrame()
        XCTAssertTrue(host.contains(text: "log: nothing"))
        XCTAssertNil(host.focusedViewName)

        let first = host.frame(ofText: "First")!
        // Just outside the button's label: where the focus ring goes.
        let ringX = Int(first.minX) - 3, ringY = Int(first.midY)
        let before = host.pixel(x: ringX, y: ringY)
        host.press(.tab)
        XCTAssertNotNil(host.focusedViewName, "Tab focuses the first button")
        XCTAssertNotEqual(host.pixel(x: ringX, y: ringY), before, "the focused button has a ring")
        host.press(.return)
        XCTAssertTrue(host.contains(text: "log: first"), "\(host.visibleTexts)")

        host.press(.tab)
        host.press(.space)
        XCTAssertTrue(host.contains(text: "log: second"), "the disabled button is skipped: \(host.visibleTexts)")
        XCTAssertEqual(host.pixel(x: ringX, y: ringY), before, "the ring moved away from the first button")

        host.press(.tab)
        host.press(.return)
        XCTAssertTrue(host.contains(text: "log: first"), "Tab wraps round: \(host.visibleTexts)")

        host.press(.tab, modifiers: .shift)
        host.press(.return)
        XCTAssertTrue(host.contains(text: "log: second"), "Shift-Tab goes back: \(host.visibleTexts)")
    }

    @MainActor func testKeysGoFromTheFocusedViewUpToItsAncestors() async {
        let host = TestHost(rootView: KeyPanel(), width: 300, height: 200)
        host.runFrame()
        host.press(.tab)
        host.press(.tab)  // "Second"
        host.press("x")
        XCTAssertTrue(host.contains(text: "log: x near second"), "the handler on the focused button: \(host.visibleTexts)")
        host.press("a")
        XCTAssertTrue(host.contains(text: "log: root heard a"), "what the button leaves goes up: \(host.visibleTexts)")
        host.press(.escape)
        XCTAssertTrue(host.contains(text: "log: escape"), "\(host.visibleTexts)")
    }

    @MainActor func testWithoutFocusTheFrontmostHandlerHearsTheKey() async {
        let host = TestHost(rootView: KeyPanel(), width: 300, height: 200)
        host.runFrame()
        host.press("x")
        XCTAssertTrue(host.contains(text: "log: x near second"), "\(host.visibleTexts)")
        host.press(.escape)
        XCTAssertTrue(host.contains(text: "log: escape"), "\(host.visibleTexts)")
        XCTAssertNil(host.focusedViewName, "keys other than Tab do not move the focus")
    }
}
