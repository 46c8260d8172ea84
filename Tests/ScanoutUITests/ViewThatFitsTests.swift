import Testing
import ScanoutUI
import ScanoutTesting

/// `ViewThatFits`: the first view whose ideal size fits, else the last; only the chosen one is drawn, hit and
/// appeared.
@MainActor
struct ViewThatFitsTests {
    final class Log {
        var events: [String] = []
    }

    struct Adaptive: View {
        let width: CGFloat
        let log: Log
        var body: some View {
            ViewThatFits(in: .horizontal) {
                HStack {
                    Text("Temperature 21.5 °C")
                    Text("Humidity 40 %")
                }
                .onAppear { log.events.append("wide") }
                Text("21.5 °C").onAppear { log.events.append("narrow") }
            }
            .frame(width: width)
        }
    }

    @Test func theFirstViewThatFitsIsShown() {
        let log = Log()
        let host = TestHost(rootView: Adaptive(width: 600, log: log), width: 800, height: 200)
        host.runFrame()
        #expect(host.contains(text: "Humidity 40 %"))
        #expect(!host.contains(text: "21.5 °C"))
        #expect(log.events == ["wide"])
    }

    @Test func theLastViewIsShownWhenNoneFits() {
        let log = Log()
        let host = TestHost(rootView: Adaptive(width: 120, log: log), width: 800, height: 200)
        host.runFrame()
        #expect(host.contains(text: "21.5 °C"))
        #expect(!host.contains(text: "Humidity 40 %"))
        #expect(log.events == ["narrow"])
    }

    struct Resizable: View {
        @State var wide = true
        let log: Log
        var body: some View {
            VStack {
                Adaptive(width: wide ? 600 : 120, log: log)
                Button("Shrink") { wide = false }
            }
        }
    }

    @Test func aNewSizeChoosesAgain() {
        let log = Log()
        let host = TestHost(rootView: Resizable(log: log), width: 800, height: 300)
        host.runFrame()
        #expect(host.contains(text: "Humidity 40 %"))
        host.tap(text: "Shrink")
        host.runFrame()
        #expect(host.contains(text: "21.5 °C"))
        #expect(!host.contains(text: "Humidity 40 %"))
        #expect(log.events == ["wide", "narrow"])
    }

    struct Buttons: View {
        let log: Log
        var body: some View {
            ViewThatFits {
                Button("Long label that does not fit in this box at all") { log.events.append("long") }
                Button("Short") { log.events.append("short") }
            }
            .frame(width: 100, height: 60)
        }
    }

    @Test func onlyTheChosenViewTakesTouches() {
        let log = Log()
        let host = TestHost(rootView: Buttons(log: log), width: 300, height: 200)
        host.runFrame()
        host.tap(text: "Short")
        #expect(log.events == ["short"])
        #expect(!host.contains(text: "Long label that does not fit in this box at all"))
    }
}
