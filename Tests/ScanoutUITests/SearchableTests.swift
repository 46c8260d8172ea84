import Observation
import Testing
import ScanoutUI
import ScanoutTesting

/// searchable: the field filters a list through its binding, Return submits with the .search trigger, the
/// clear button empties it, isSearching and dismissSearch inside.
@MainActor
struct SearchableTests {
    @Observable @MainActor final class Model {
        var query = ""
        var submitted: [String] = []
    }

    struct Machines: View {
        @Bindable var model: Model
        let names = ["Press 1", "Press 2", "Lathe", "Mill"]
        var body: some View {
            NavigationStack {
                List(names.filter { model.query.isEmpty || $0.localizedLowercase.contains(model.query.localizedLowercase) }, id: \.self) { name in
                    Text(name)
                }
                .overlay(alignment: .bottom) { SearchState() }
                .navigationTitle("Machines")
                .searchable(text: $model.query, prompt: "Find a machine")
                .onSubmit(of: .search) { model.submitted.append(model.query) }
            }
        }
    }

    struct SearchState: View {
        @Environment(\.isSearching) private var isSearching
        @Environment(\.dismissSearch) private var dismissSearch
        var body: some View {
            if isSearching { Button("Stop searching") { dismissSearch() } }
        }
    }

    @Test func filtersSubmitsAndClears() async {
        let model = Model()
        let host = TestHost(rootView: Machines(model: model), width: 480, height: 600)
        host.runFrame()
        #expect(host.visibleTexts.contains("Find a machine"))
        #expect(!host.visibleTexts.contains("Stop searching"))
        host.tap(text: "Find a machine")
        host.runFrame()
        host.type("pre")
        host.runFrame()
        #expect(model.query == "pre")
        #expect(host.visibleTexts.contains("Press 1") && !host.visibleTexts.contains("Lathe"))
        #expect(host.visibleTexts.contains("Stop searching"), "isSearching inside")
        host.press(.return)
        host.runFrame()
        #expect(model.submitted == ["pre"], "Return submits with the .search trigger")
    }

    @Test func clearButtonAndDismissSearch() async {
        let model = Model()
        model.query = "mill"
        let host = TestHost(rootView: Machines(model: model), width: 480, height: 600)
        host.runFrame()
        #expect(!host.visibleTexts.contains("Lathe"))
        let clear = host.frame(ofAccessibilityLabel: "Clear")
        #expect(clear != nil)
        if let clear { host.tap(x: Double(clear.midX), y: Double(clear.midY)) }
        host.runFrame()
        #expect(model.query.isEmpty)
        #expect(host.visibleTexts.contains("Lathe"))
        model.query = "lat"
        host.runFrame()
        host.tap(text: "Stop searching")
        host.runFrame()
        #expect(model.query.isEmpty, "dismissSearch clears the query")
    }
}

/// A searchable list at 800x480, light and dark, with a query typed.
@MainActor
struct SearchableGoldenTests {
    @Test func goldens() {
        expectContainerGoldens("containers-searchable", {
            let model = SearchableTests.Model()
            model.query = "press"
            return SearchableTests.Machines(model: model)
        })
    }
}
