import Foundation
import Observation
import Testing
import ScanoutUI
import ScanoutTesting

/// DisclosureGroup, GroupBox, ContentUnavailableView, ControlGroup and Link / openURL.
@MainActor
struct DisclosureAndGroupTests {
    @Observable @MainActor final class Model {
        var expanded = false
        var opened: [URL] = []
        var log: [String] = []
    }

    struct Screen: View {
        let model: Model
        var body: some View {
            VStack(alignment: .leading) {
                DisclosureGroup("Advanced") {
                    Text("Purge valve")
                }
                DisclosureGroup("Bound", isExpanded: Binding(get: { model.expanded }, set: { model.expanded = $0 })) {
                    Text("Inside bound")
                }
                ControlGroup {
                    Button("Less") { model.log.append("less") }
                    Button("More") { model.log.append("more") }
                }
                Link("Manual", destination: URL(string: "https://example.com/manual")!)
                Spacer()
            }
            .padding()
            .environment(\.openURL, OpenURLAction { url in
                model.opened.append(url)
                return .handled
            })
        }
    }

    @Test func disclosureGroupTogglesItsContent() async {
        let model = Model()
        let host = TestHost(rootView: Screen(model: model), width: 480, height: 400)
        host.runFrame()
        #expect(!host.visibleTexts.contains("Purge valve"), "collapsed at first")
        host.tap(text: "Advanced")
        host.advance(seconds: 0.5)
        #expect(host.visibleTexts.contains("Purge valve"))
        host.tap(text: "Advanced")
        host.advance(seconds: 0.5)
        #expect(!host.visibleTexts.contains("Purge valve"))
    }

    @Test func disclosureGroupFollowsItsBinding() async {
        let model = Model()
        let host = TestHost(rootView: Screen(model: model), width: 480, height: 400)
        host.runFrame()
        model.expanded = true
        host.advance(seconds: 0.5)
        #expect(host.visibleTexts.contains("Inside bound"))
        host.tap(text: "Bound")
        host.advance(seconds: 0.5)
        #expect(model.expanded == false, "the tap wrote the binding")
    }

    @Test func controlGroupButtonsAndLinkOpenThroughTheEnvironment() async {
        let model = Model()
        let host = TestHost(rootView: Screen(model: model), width: 480, height: 400)
        host.runFrame()
        host.tap(text: "More")
        host.tap(text: "Less")
        host.runFrame()
        #expect(model.log == ["more", "less"])
        host.tap(text: "Manual")
        host.runFrame()
        #expect(model.opened == [URL(string: "https://example.com/manual")!])
    }

    @Test func linkWithoutHandlerDoesNotCrash() async {
        let host = TestHost(rootView: Link("Help", destination: URL(string: "https://example.com/help")!), width: 320, height: 200)
        host.runFrame()
        host.tap(text: "Help")
        host.runFrame()
        #expect(host.contains(text: "Help"))
    }

    @Test func contentUnavailableIsCentredWithTitleAndDescription() async {
        let host = TestHost(rootView: ContentUnavailableView("No alarms", systemImage: "bell", description: Text("All machines are running.")),
                            width: 480, height: 400)
        host.runFrame()
        let title = host.frame(ofText: "No alarms")!, text = host.frame(ofText: "All machines are running.")!
        #expect(abs(Double(title.midX) - 240) < 1 && abs(Double(text.midX) - 240) < 1, "centred across")
        #expect(title.maxY < text.minY)
        let search = TestHost(rootView: ContentUnavailableView.search(text: "pump"), width: 480, height: 400)
        search.runFrame()
        #expect(search.contains(text: "No Results"))
        #expect(search.visibleTexts.contains { $0.contains("pump") })
    }

    @Test func groupBoxShowsItsLabelAboveItsContent() async {
        let host = TestHost(rootView: GroupBox("Tank") { Text("72 %") }.padding(), width: 320, height: 200)
        host.runFrame()
        let label = host.frame(ofText: "Tank")!, value = host.frame(ofText: "72 %")!
        #expect(label.maxY <= value.minY)
        #expect(label.minX == value.minX, "leading-aligned")
    }
}

/// The views above at 800x480, light and dark.
@MainActor
struct DisclosureAndGroupGoldenTests {
    struct Screen: View {
        @State var expanded = true
        var body: some View {
            HStack(alignment: .top, spacing: 24) {
                VStack(alignment: .leading, spacing: 12) {
                    GroupBox("Tank 2") {
                        Text("72 % full, 18.4 °C")
                        ControlGroup {
                            Button("Fill") {}
                            Button("Drain") {}
                        }
                    }
                    DisclosureGroup("Advanced", isExpanded: $expanded) {
                        Text("Purge valve: closed")
                        Text("Pressure limit: 6 bar")
                    }
                    Link("Operator manual", destination: URL(string: "https://example.com")!)
                }
                .frame(width: 360)
                ContentUnavailableView("No alarms", systemImage: "bell", description: Text("All machines are running."))
            }
            .padding(24)
        }
    }

    @Test func goldens() { expectContainerGoldens("containers-disclosure-group", { Screen() }) }
}
