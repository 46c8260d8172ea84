import Observation
import Testing
import ScanoutUI
import ScanoutTesting

/// `@EnvironmentObject`, `@Environment(Model.self)` with `.environment(model)`, and `@Bindable`.
@Suite @MainActor struct AppDataTests {
    final class Session: ObservableObject {
        @Published var user = "guest"
        @Published var visits = 0
    }

    private struct Greeting: View {
        @EnvironmentObject var session: Session
        var body: some View {
            VStack {
                Text("hello \(session.user)")
                Button("Visit") { session.visits += 1 }
                Text("visits \(session.visits)")
                Toggle("Admin", isOn: Binding(get: { session.user == "admin" }, set: { session.user = $0 ? "admin" : "guest" }))
            }
        }
    }

    private struct Screen: View {
        let session: Session
        var body: some View { VStack { Spacer(); Greeting() }.environmentObject(session) }
    }

    @Test func anEnvironmentObjectReachesDescendantsAndRedrawsThem() {
        let session = Session()
        let host = TestHost(rootView: Screen(session: session), width: 300, height: 300)
        host.runFrame()
        #expect(host.contains(text: "hello guest"))
        host.tap(text: "Visit")
        #expect(host.contains(text: "visits 1"))
        session.user = "ada"  // changed from outside the view tree
        host.runFrame()
        #expect(host.contains(text: "hello ada"))
    }

    private struct Renamer: View {
        @EnvironmentObject var session: Session
        var body: some View {
            Stepper("visits \(session.visits)", value: $session.visits, in: 0...10)
        }
    }

    @Test func theProjectedEnvironmentObjectMakesBindings() throws {
        let session = Session()
        let host = TestHost(rootView: Renamer().environmentObject(session), width: 300, height: 100)
        host.runFrame()
        let text = try #require(host.frame(ofText: "visits 0"))
        host.tap(x: 300 - 26, y: text.midY)
        #expect(session.visits == 1)
        #expect(host.contains(text: "visits 1"))
    }

    @Observable final class Thermostat {
        var target = 20
        var name = "Hall"
    }

    private struct Dial: View {
        @Environment(Thermostat.self) private var thermostat
        var body: some View {
            @Bindable var thermostat = thermostat
            VStack {
                Text("\(thermostat.name) \(thermostat.target)")
                Stepper("Target", value: $thermostat.target, in: 10...30)
            }
        }
    }

    private struct Optional: View {
        @Environment(Thermostat?.self) private var thermostat
        var body: some View { Text(thermostat == nil ? "none" : "some") }
    }

    @Test func anObservableInTheEnvironmentWithBindable() throws {
        let model = Thermostat()
        let host = TestHost(rootView: VStack { Dial(); Optional() }.environment(model), width: 300, height: 200)
        host.runFrame()
        #expect(host.contains(text: "Hall 20") && host.contains(text: "some"))
        let row = try #require(host.frame(ofText: "Target"))
        host.tap(x: 300 - 26, y: row.midY)
        #expect(model.target == 21)
        #expect(host.contains(text: "Hall 21"))
        model.name = "Kitchen"
        host.runFrame()
        #expect(host.contains(text: "Kitchen 21"))
    }

    @Test func anOptionalObservableIsNilWithoutAnAncestor() {
        let host = TestHost(rootView: Optional(), width: 100, height: 40)
        host.runFrame()
        #expect(host.contains(text: "none"))
    }

    private struct Owner: View {
        @State private var model = Thermostat()
        var body: some View {
            VStack {
                Button("Swap") { model = Thermostat(); model.name = "Attic" }
                Dial()
            }
            .environment(model)
        }
    }

    @Test func replacingTheObjectInTheEnvironmentRedrawsReaders() {
        let host = TestHost(rootView: Owner(), width: 300, height: 200)
        host.runFrame()
        #expect(host.contains(text: "Hall 20"))
        host.tap(text: "Swap")
        #expect(host.contains(text: "Attic 20"), "\(host.visibleTexts)")
    }
}
