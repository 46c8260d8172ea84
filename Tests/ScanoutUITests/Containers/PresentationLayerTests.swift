import Testing
@testable import ScanoutUI
import ScanoutTesting

/// Alerts, dialogs, sheets and covers are shown in the presentation layer: over the whole screen whichever
/// view presents them, above what is drawn after the presenter, above the on-screen keyboard's space, and
/// the one shown last on top.
@Suite @MainActor struct PresentationLayerTests {
    private func settle(_ host: TestHost) { host.advance(seconds: 0.5) }

    struct Rows: View {
        @State var asking = false
        @State var deleted = 0
        var body: some View {
            VStack(spacing: 0) {
                HStack {
                    Text("Row 1")
                    Spacer()
                    // The usual SwiftUI way: the alert written on the button that asks.
                    Button("Delete") { asking = true }
                        .alert("Delete Row 1?", isPresented: $asking) {
                            Button("Delete", role: .destructive) { deleted += 1 }
                        }
                }
                .frame(height: 60)
                // Drawn after the row: a local overlay on the button would be drawn under it.
                Color(red: 0, green: 0.5, blue: 0).frame(height: 200)
                Text("Deleted \(deleted)")
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .top)
        }
    }

    @Test func anAlertOnAButtonInARowCoversTheWholeScreen() throws {
        let host = TestHost(rootView: Rows(), width: 800, height: 480)
        host.runFrame()
        let before = host.pixel(x: 400, y: 400)
        let green = host.pixel(x: 700, y: 150)
        host.tap(text: "Delete"); settle(host)
        let title = try #require(host.frame(ofText: "Delete Row 1?"))
        // The card is in the middle of the screen, not of the button.
        #expect(abs(title.midX - 400) < 2, "\(title)")
        #expect(title.minY > 150 && title.maxY < 330, "\(title)")
        // Dimmed everywhere, the view drawn after the row included.
        #expect(host.pixel(x: 400, y: 400) != before)
        let dimmedGreen = host.pixel(x: 700, y: 150)
        #expect(dimmedGreen.green < green.green)
        // The card's button (the second "Delete") runs and closes.
        let buttons = host.host.frames(ofText: "Delete")
        let card = try #require(buttons.max { $0.minY < $1.minY })
        host.tap(x: Double(card.midX), y: Double(card.midY)); settle(host)
        #expect(host.contains(text: "Deleted 1"))
        #expect(!host.contains(text: "Delete Row 1?"))
    }

    @Test func theAlertFadesOutWhenClosed() throws {
        let host = TestHost(rootView: Rows(), width: 800, height: 480)
        host.runFrame()
        host.tap(text: "Delete"); settle(host)
        let card = try #require(host.host.frames(ofText: "Delete").max { $0.minY < $1.minY })
        let dimmed = host.pixel(x: 20, y: 400)
        host.tap(x: Double(card.midX), y: Double(card.midY))
        host.advance(seconds: 0.08)
        let midway = host.pixel(x: 20, y: 400)
        settle(host)
        let after = host.pixel(x: 20, y: 400)
        #expect(midway != dimmed && midway != after, "the dimming goes over frames: \(dimmed) \(midway) \(after)")
    }

    struct SheetWithField: View {
        @State var shown = true
        @State var name = ""
        @State var confirming = false
        var body: some View {
            Text("Panel")
                .frame(maxWidth: .infinity, maxHeight: .infinity)
                .sheet(isPresented: $shown) {
                    VStack(spacing: 12) {
                        Text("Name: \(name)")
                        TextField("Machine name", text: $name).submitLabel(.done)
                        Button("Remove") { confirming = true }
                            .alert("Remove it?", isPresented: $confirming) { Button("OK") {} }
                    }
                }
        }
    }

    @Test func aSheetsFieldStaysAboveTheOnScreenKeyboard() throws {
        let host = TestHost(rootView: SheetWithField().onScreenKeyboard(.always), width: 800, height: 480)
        host.runFrame(); settle(host)
        let down = try #require(host.frame(ofText: "Remove"))
        #expect(down.maxY > 400, "the sheet rests on the bottom edge: \(down)")
        host.tap(text: "Machine name"); settle(host)
        #expect(host.contains(text: "q"), "the keyboard is up")
        let keyboardTop = 480 - host.host.keyboardOverlap
        #expect(keyboardTop < 300, "\(keyboardTop)")
        // The whole sheet (its last row is below the field) is above the keys.
        let up = try #require(host.frame(ofText: "Remove"))
        #expect(up.maxY <= keyboardTop, "the sheet's rows \(up) are above the keyboard at \(keyboardTop)")
        host.tap(text: "q"); host.tap(text: "w")
        #expect(host.contains(text: "Name: qw"))
        // Done: the keyboard goes and the sheet comes back down to the bottom edge.
        host.tap(text: "done"); settle(host)
        #expect(host.host.keyboardOverlap == 0)
        #expect(host.frame(ofText: "Remove") == down)
    }

    @Test func anAlertFromASheetIsAboveItEveryTime() throws {
        let host = TestHost(rootView: SheetWithField().onScreenKeyboard(.never), width: 800, height: 480)
        host.runFrame(); settle(host)
        for _ in 0..<2 {
            host.tap(text: "Remove"); settle(host)
            #expect(host.contains(text: "Remove it?"))
            host.tap(text: "OK"); settle(host)
            #expect(!host.contains(text: "Remove it?"), "the alert's button was reached: it is on top")
        }
    }

    struct Locked: View {
        @State var shown = true
        let locked: Bool
        var body: some View {
            Text("Panel")
                .frame(maxWidth: .infinity, maxHeight: .infinity)
                .sheet(isPresented: $shown) { Text("Sheet text").interactiveDismissDisabled(locked) }
        }
    }

    @Test func escapeClosesASheetUnlessInteractiveDismissalIsOff() {
        for locked in [false, true] {
            let host = TestHost(rootView: Locked(locked: locked), width: 800, height: 480)
            host.runFrame(); settle(host)
            #expect(host.contains(text: "Sheet text"))
            host.press(.escape); settle(host)
            #expect(host.contains(text: "Sheet text") == locked, "locked: \(locked)")
        }
    }
}
