import Testing
import ScanoutUI
import ScanoutTesting
import ScanoutRender

/// Modifiers of phone and desktop SwiftUI that a touch panel answers by doing nothing (status bar, system
/// overlays and gestures, hover, help tags, text selection, tightening): the view draws and takes touches as
/// without them, and a hover action never runs. `accentColor(_:)` tints as `tint(_:)`;
/// `scrollContentBackground(.hidden)` shows what is behind a list or form.
@MainActor
struct PlatformModifierTests {
    struct Panel: View {
        var decorated: Bool
        @State var taps = 0
        @State var hovered = false
        var body: some View {
            let content = VStack {
                Text("Pressure \(taps)").font(.title)
                Button("Tap") { taps += 1 }
                Text(hovered ? "hovered" : "still")
            }
            .frame(width: 200, height: 150)
            if decorated {
                content
                    .statusBarHidden()
                    .persistentSystemOverlays(.hidden)
                    .defersSystemGestures(on: .all)
                    .help("Pressure of the pump")
                    .help(Text("Pressure"))
                    .onHover { hovered = $0 }
                    .textSelection(.enabled)
                    .textSelection(.disabled)
                    .allowsTightening(true)
            } else {
                content
            }
        }
    }

    private func pixels(_ host: TestHost) -> [RGBA] {
        (0..<host.height).flatMap { y in (0..<host.width).map { host.pixel(x: $0, y: y) } }
    }

    @Test func touchPanelAnswersChangeNothing() {
        let plain = TestHost(rootView: Panel(decorated: false), width: 200, height: 150)
        let decorated = TestHost(rootView: Panel(decorated: true), width: 200, height: 150)
        for host in [plain, decorated] {
            host.runFrame()
            host.tap(text: "Tap")
            host.runFrame()
        }
        #expect(decorated.displayList.textRuns.contains { $0.run.string == "Pressure 1" }, "the tap reached the button")
        #expect(decorated.displayList.textRuns.contains { $0.run.string == "still" }, "no hover on a touch panel")
        #expect(pixels(decorated) == pixels(plain))
    }

    @Test func accentColorTintsAsTint() {
        let tinted = TestHost(rootView: VStack { Toggle("Pump", isOn: .constant(true)); Button("Go") {} }.frame(width: 200, height: 100)
            .tint(.red), width: 200, height: 100)
        let accented = TestHost(rootView: VStack { Toggle("Pump", isOn: .constant(true)); Button("Go") {} }.frame(width: 200, height: 100)
            .accentColor(.red), width: 200, height: 100)
        let plain = TestHost(rootView: VStack { Toggle("Pump", isOn: .constant(true)); Button("Go") {} }.frame(width: 200, height: 100),
                             width: 200, height: 100)
        for host in [tinted, accented, plain] { host.runFrame() }
        #expect(pixels(accented) == pixels(tinted))
        #expect(pixels(accented) != pixels(plain))
    }

    @Test func aHiddenScrollContentBackgroundShowsWhatIsBehind() {
        func corner(_ visibility: Visibility, form: Bool) -> RGBA {
            let rows = Section { Text("Pump"); Text("Fan") }
            let host: TestHost
            if form {
                host = TestHost(rootView: Form { rows }.scrollContentBackground(visibility)
                    .background(Color(red: 1, green: 0, blue: 0)).frame(width: 300, height: 200), width: 300, height: 200)
            } else {
                host = TestHost(rootView: List { rows }.listStyle(.insetGrouped).scrollContentBackground(visibility)
                    .background(Color(red: 1, green: 0, blue: 0)).frame(width: 300, height: 200), width: 300, height: 200)
            }
            host.runFrame()
            return host.pixel(x: 5, y: 190)  // beside and below the cells: the container's background
        }
        for form in [false, true] {
            #expect(corner(.hidden, form: form) == RGBA(red: 255, green: 0, blue: 0), "form: \(form)")
            #expect(corner(.automatic, form: form) == RGBA(red: 242, green: 242, blue: 247), "form: \(form)")
            #expect(corner(.visible, form: form) == RGBA(red: 242, green: 242, blue: 247), "form: \(form)")
        }
    }
}
