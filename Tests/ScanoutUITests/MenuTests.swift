import Observation
import Testing
import ScanoutUI
import ScanoutTesting

/// Menu and contextMenu: shown in the presentation layer above everything (a later sibling does not cover it
/// or take its touches), actions run and close, nested menus, a tap outside or Escape closes without doing
/// anything else, placement above the label at the bottom edge, primaryAction, the presenter's environment,
/// and the menu going away with its presenter.
@MainActor
struct MenuTests {
    @Observable @MainActor final class Model {
        var log: [String] = []
        var showsMenu = true
    }

    struct Screen: View {
        let model: Model
        var atBottom = false
        var body: some View {
            VStack(spacing: 0) {
                if atBottom { Button("Under") { model.log.append("under") }.frame(maxWidth: .infinity, maxHeight: .infinity) }
                HStack {
                    if model.showsMenu {
                        Menu("Actions") {
                            Button("Start") { model.log.append("start") }
                            Divider()
                            Menu("Export") {
                                Button("USB stick") { model.log.append("usb") }
                            }
                            Button("Delete", role: .destructive) { model.log.append("delete") }
                        }
                    }
                    Spacer()
                }
                .padding(.horizontal, 16)
                .frame(height: 50)
                // A later sibling where the menu opens: it must not cover the menu or take its touches.
                if !atBottom { Button("Under") { model.log.append("under") }.frame(maxWidth: .infinity, maxHeight: .infinity) }
            }
        }
    }

    private func open(_ host: TestHost) {
        host.tap(text: "Actions")
        host.runFrame()
    }

    @Test func tapOpensAboveLaterSiblingsAndAnActionRunsAndCloses() async {
        let model = Model()
        let host = TestHost(rootView: Screen(model: model), width: 800, height: 480)
        host.runFrame()
        #expect(!host.visibleTexts.contains("Start"))
        open(host)
        #expect(host.visibleTexts.contains("Start"))
        #expect(host.visibleTexts.contains("Delete"))
        let label = host.frame(ofText: "Actions")!, start = host.frame(ofText: "Start")!
        #expect(start.minY > label.maxY, "the card opens below its label")
        #expect(start.minX >= label.minX, "leading edges aligned (the row's text is inset)")
        host.tap(text: "Start")
        host.runFrame()
        #expect(model.log == ["start"], "the menu's row took the tap, not the button under it")
        #expect(!host.visibleTexts.contains("Start"), "and the menu closed")
    }

    @Test func tapOutsideClosesAndDoesNothingElse() async {
        let model = Model()
        let host = TestHost(rootView: Screen(model: model), width: 800, height: 480)
        host.runFrame()
        open(host)
        host.tap(text: "Under")
        host.runFrame()
        #expect(!host.visibleTexts.contains("Start"))
        #expect(model.log.isEmpty, "the tap outside only closed the menu")
        host.tap(text: "Under")
        host.runFrame()
        #expect(model.log == ["under"], "closed, the screen takes touches again")
    }

    @Test func nestedMenuOpensInPlaceAndLeadsBack() async {
        let model = Model()
        let host = TestHost(rootView: Screen(model: model), width: 800, height: 480)
        host.runFrame()
        open(host)
        host.tap(text: "Export")
        host.runFrame()
        #expect(host.visibleTexts.contains("USB stick"))
        #expect(!host.visibleTexts.contains("Start"))
        host.tap(text: "Export")  // the row leading back
        host.runFrame()
        #expect(host.visibleTexts.contains("Start"))
        host.tap(text: "Export")
        host.runFrame()
        host.tap(text: "USB stick")
        host.runFrame()
        #expect(model.log == ["usb"])
        #expect(!host.visibleTexts.contains("USB stick"))
    }

    @Test func escapeLeavesANestedMenuThenCloses() async {
        let model = Model()
        let host = TestHost(rootView: Screen(model: model), width: 800, height: 480)
        host.runFrame()
        open(host)
        host.tap(text: "Export")
        host.runFrame()
        host.press(.escape)
        host.runFrame()
        #expect(host.visibleTexts.contains("Start"))
        host.press(.escape)
        host.runFrame()
        #expect(!host.visibleTexts.contains("Start"))
        #expect(model.log.isEmpty)
    }

    @Test func opensAboveALabelAtTheBottomEdge() async {
        let model = Model()
        let host = TestHost(rootView: Screen(model: model, atBottom: true), width: 800, height: 480)
        host.runFrame()
        open(host)
        let label = host.frame(ofText: "Actions")!, delete = host.frame(ofText: "Delete")!
        #expect(delete.maxY < label.minY, "no room below: the card is above its label")
        host.tap(text: "Delete")
        host.runFrame()
        #expect(model.log == ["delete"])
    }

    @Test func theMenuGoesWithItsPresenter() async {
        let model = Model()
        let host = TestHost(rootView: Screen(model: model), width: 800, height: 480)
        host.runFrame()
        open(host)
        #expect(host.visibleTexts.contains("Start"))
        model.showsMenu = false
        host.runFrame()
        host.runFrame()
        #expect(!host.visibleTexts.contains("Start"))
        host.tap(text: "Under")
        host.runFrame()
        #expect(model.log == ["under"], "no invisible layer is left catching touches")
    }

    struct PrimaryScreen: View {
        let model: Model
        var body: some View {
            VStack {
                Menu("Play") {
                    Button("Play from start") { model.log.append("from start") }
                } primaryAction: {
                    model.log.append("play")
                }
                Spacer()
            }
        }
    }

    @Test func primaryActionOnTapMenuOnLongPress() async {
        let model = Model()
        let host = TestHost(rootView: PrimaryScreen(model: model), width: 800, height: 480)
        host.runFrame()
        host.tap(text: "Play")
        host.runFrame()
        #expect(model.log == ["play"])
        #expect(!host.visibleTexts.contains("Play from start"))
        let f = host.frame(ofText: "Play")!
        host.touchDown(x: Double(f.midX), y: Double(f.midY))
        host.advance(seconds: 0.6)
        host.touchUp(x: Double(f.midX), y: Double(f.midY))
        host.runFrame()
        #expect(host.visibleTexts.contains("Play from start"))
        #expect(model.log == ["play"], "the long press only opened the menu")
    }

    struct TileScreen: View {
        let model: Model
        var body: some View {
            VStack(spacing: 0) {
                Text("Pump 1")
                    .frame(width: 200, height: 100)
                    .contextMenu {
                        Button("Rename") { model.log.append("rename") }
                        Button("Remove", role: .destructive) { model.log.append("remove") }
                    }
                    .onTapGesture { model.log.append("tile tapped") }
                Spacer()
            }
        }
    }

    @Test func contextMenuOpensOnLongPressAndTapsStillReachTheView() async {
        let model = Model()
        let host = TestHost(rootView: TileScreen(model: model), width: 800, height: 480)
        host.runFrame()
        host.tap(text: "Pump 1")
        host.runFrame()
        #expect(model.log == ["tile tapped"])
        #expect(!host.visibleTexts.contains("Rename"))
        let f = host.frame(ofText: "Pump 1")!
        host.touchDown(x: Double(f.midX), y: Double(f.midY))
        host.advance(seconds: 0.6)
        #expect(host.visibleTexts.contains("Rename"), "open while the finger is still down")
        host.touchUp(x: Double(f.midX), y: Double(f.midY))
        host.runFrame()
        #expect(model.log == ["tile tapped"], "lifting after the long press is not a tap")
        host.tap(text: "Rename")
        host.runFrame()
        #expect(model.log == ["tile tapped", "rename"])
        #expect(!host.visibleTexts.contains("Rename"))
    }

    @Test func theCardTakesThePresentersColourScheme() async {
        let model = Model()
        let host = TestHost(rootView: Screen(model: model).preferredColorScheme(.dark).background(Color.black), width: 800, height: 480)
        host.runFrame()
        open(host)
        for _ in 0..<3 { host.runFrame() }
        let start = host.frame(ofText: "Start")!
        // The card's background beside the row's text: the dark elevated background (44, 44, 46).
        let p = host.pixel(x: Int(start.maxX) + 20, y: Int(start.midY))
        #expect(p.red == 44 && p.green == 44 && p.blue == 46, "\(p)")
    }

    struct SectionScreen: View {
        let model: Model
        var body: some View {
            VStack {
                Menu {
                    Section("Sort by") {
                        ForEach(["Name", "Date"], id: \.self) { key in Button(key) { model.log.append(key) } }
                    }
                    Section {
                        Button("Reset") { model.log.append("reset") }
                    }
                } label: {
                    Label("Sort", systemImage: "gear")
                }
                Spacer()
            }
        }
    }

    @Test func sectionsHeadersAndForEachRows() async {
        let model = Model()
        let host = TestHost(rootView: SectionScreen(model: model), width: 800, height: 480)
        host.runFrame()
        host.tap(text: "Sort")
        host.runFrame()
        #expect(host.visibleTexts.contains("Sort by"))
        let name = host.frame(ofText: "Name")!, date = host.frame(ofText: "Date")!, reset = host.frame(ofText: "Reset")!
        #expect(name.maxY < date.minY && date.maxY < reset.minY)
        host.tap(text: "Date")
        host.runFrame()
        #expect(model.log == ["Date"])
    }
}

@MainActor
struct MenuToggleAndPickerTests {
    @Observable @MainActor final class Model {
        var doneOnly = false
        var sort = "name"
    }

    struct Screen: View {
        @Bindable var model: Model
        var body: some View {
            VStack {
                Menu("View") {
                    Toggle("Done only", isOn: $model.doneOnly)
                    Picker("Sort by", selection: $model.sort) {
                        Text("Name").tag("name")
                        Text("Date").tag("date")
                    }
                }
                Spacer()
            }
        }
    }

    @Test func togglesAndPickerOptionsAreMenuRows() async {
        let model = Model()
        let host = TestHost(rootView: Screen(model: model), width: 800, height: 480)
        host.runFrame()
        host.tap(text: "View")
        host.runFrame()
        #expect(host.visibleTexts.contains("Sort by"), "the picker's label heads its options")
        host.tap(text: "Done only")
        host.runFrame()
        #expect(model.doneOnly)
        #expect(!host.visibleTexts.contains("Done only"), "choosing closes the menu")
        host.tap(text: "View")
        host.runFrame()
        host.tap(text: "Date")
        host.runFrame()
        #expect(model.sort == "date")
    }
}

/// A menu open over a screen at 800x480, light and dark.
@MainActor
struct MenuGoldenTests {
    struct Screen: View {
        var body: some View {
            VStack(alignment: .leading, spacing: 12) {
                HStack {
                    Text("Line 3").font(.largeTitle.bold())
                    Spacer()
                    Menu {
                        Button("Start line") {}
                        Button("Pause line") {}
                        Divider()
                        Menu("Export log") { Button("USB stick") {} }
                        Section("Maintenance") {
                            Button("Stop line", role: .destructive) {}
                        }
                    } label: {
                        Label("Actions", systemImage: "gear")
                    }
                }
                Text("Press 2 is running at 820 rpm.")
                Color.gray.opacity(0.3).frame(height: 200)
            }
            .padding(24)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }

    @Test func menuGoldens() {
        expectContainerGoldens("containers-menu", { Screen() }, act: { host in
            host.tap(text: "Actions")
        })
    }
}
