import Testing
import ScanoutUI
import ScanoutTesting

/// `scrollDismissesKeyboard(_:)`: dragging a scroll view takes the focus from the field being typed into.
@MainActor
struct ScrollDismissesKeyboardTests {
    @MainActor final class Focus {
        var isFocused = false
    }

    struct Screen: View {
        let mode: ScrollDismissesKeyboardMode
        let focus: Focus
        @State private var name = ""
        @FocusState private var focused: Bool
        var body: some View {
            ScrollView {
                VStack(spacing: 0) {
                    TextField("Name", text: $name).focused($focused).frame(height: 40)
                    ForEach(0..<30, id: \.self) { Text("Row \($0)").frame(height: 40) }
                }
            }
            .scrollDismissesKeyboard(mode)
            .onChange(of: focused) { _, now in focus.isFocused = now }
        }
    }

    func focusedAfterAScroll(_ mode: ScrollDismissesKeyboardMode) -> (before: Bool, after: Bool) {
        let focus = Focus()
        let host = TestHost(rootView: Screen(mode: mode, focus: focus), width: 400, height: 300)
        host.runFrame()
        host.tap(text: "Name")
        host.advance(seconds: 0.4)
        let before = focus.isFocused
        host.drag(fromX: 200, fromY: 250, toX: 200, toY: 150, steps: 5)
        host.advance(seconds: 0.4)
        return (before, focus.isFocused)
    }

    @Test func immediatelyAndInteractivelyDismissOnScroll() {
        for mode in [ScrollDismissesKeyboardMode.immediately, .interactively] {
            let r = focusedAfterAScroll(mode)
            #expect(r.before, "the tap focused the field")
            #expect(!r.after, "scrolling took the focus")
        }
    }

    @Test func automaticAndNeverKeepTheKeyboard() {
        for mode in [ScrollDismissesKeyboardMode.automatic, .never] {
            let r = focusedAfterAScroll(mode)
            #expect(r.before && r.after)
        }
    }
}
