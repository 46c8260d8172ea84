import Testing
import ScanoutUI
import ScanoutTesting

/// Dynamic properties are found from a view type's stored properties wherever they sit: after fields of any
/// size (a generic view's offsets differ per type argument), inside structs of the app's own that conform to
/// `DynamicProperty`, beside bindings — each keeps its own storage across body evaluations.
@MainActor
struct DynamicPropertyFieldTests {
    /// The app's own dynamic property: a counter with its state and an environment value inside.
    @MainActor struct Counter: DynamicProperty {
        @State private var count = 0
        @Environment(\.colorScheme) private var scheme
        var label: String { "\(count) \(scheme == .dark ? "dark" : "light")" }
        func increment() { count += 1 }
    }

    /// A payload of any size before the state, so the state's offset depends on `Payload`.
    struct Tile<Payload>: View {
        let payload: Payload
        let name: String
        @State private var taps = 0
        var counter = Counter()
        @State private var presses = 10
        var body: some View {
            VStack {
                Button("\(name) \(taps)") { taps += 1; presses += 10 }
                Text("\(name) presses \(presses)")
                Button("\(name) counter \(counter.label)") { counter.increment() }
            }
        }
    }

    struct Screen: View {
        @State private var refreshes = 0
        var body: some View {
            VStack {
                Button("refresh \(refreshes)") { refreshes += 1 }
                Tile(payload: UInt8(1), name: "A")
                Tile(payload: (1.0, 2.0, 3.0, "a long payload of a string"), name: "B")
                Tile(payload: [1, 2, 3], name: "C")
            }
        }
    }

    @Test func statesAtEveryOffsetAndInsideTheAppsOwnPropertyKeepTheirValues() {
        let host = TestHost(rootView: Screen().environment(\.colorScheme, .dark), width: 400, height: 400)
        host.runFrame()
        host.tap(text: "A 0")
        host.runFrame()
        host.tap(text: "B 0")
        host.runFrame()
        host.tap(text: "B 1")
        host.runFrame()
        host.tap(text: "C counter 0 dark")
        host.runFrame()
        host.tap(text: "refresh 0")  // every tile's body runs again with a new value
        host.runFrame()
        for text in ["refresh 1", "A 1", "B 2", "C 0", "A presses 20", "B presses 30", "C presses 10", "A counter 0 dark", "B counter 0 dark", "C counter 1 dark"] {
            #expect(host.frame(ofText: text) != nil, "\(text) shown")
        }
    }
}
