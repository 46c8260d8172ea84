import XCTest
import ScanoutUI
import ScanoutTesting

// The environment flows down the render tree (seed 000, seed 003): a value set on an ancestor reaches every
// descendant that reads it, and changing it re-runs the bodies that read that key — not the ones in between,
// not siblings, not readers of other keys.

private struct AccentNameKey: EnvironmentKey {
    static let defaultValue = "default"
}

private struct DensityKey: EnvironmentKey {
    static let defaultValue = 1
}

extension EnvironmentValues {
    fileprivate var accentName: String {
        get { self[AccentNameKey.self] }
        set { self[AccentNameKey.self] = newValue }
    }
    fileprivate var density: Int {
        get { self[DensityKey.self] }
        set { self[DensityKey.self] = newValue }
    }
}

private struct Grandchild: View {
    let name: String
    let trace: Trace
    @Environment(\.accentName) private var accent
    var body: some View {
        let _ = trace.log(name)
        Text("\(name) \(accent)")
    }
}

private struct Middle: View {
    let trace: Trace
    var body: some View {
        let _ = trace.log("middle")
        VStack {
            Grandchild(name: "grandchild", trace: trace)
        }
    }
}

private struct Sibling: View {
    let trace: Trace
    var body: some View {
        let _ = trace.log("sibling")
        Text("sibling")
    }
}

private struct DensityReader: View {
    let trace: Trace
    @Environment(\.density) private var density
    var body: some View {
        let _ = trace.log("density reader")
        Text("density \(density)")
    }
}

private struct EnvironmentRoot: View {
    let trace: Trace
    let handles: Handles<String>
    @State private var accent = "red"
    var body: some View {
        let _ = trace.log("root")
        VStack {
            Middle(trace: trace)
            Sibling(trace: trace)
            DensityReader(trace: trace)
            Grandchild(name: "overridden", trace: trace)
                .environment(\.accentName, "blue")
        }
        .environment(\.accentName, accent)
        .environment(\.density, 2)
        .onAppear { handles.bindings[0] = $accent }
    }
}

// @unchecked Sendable: Swift 6.0 asks for it when the async tests are handed self (the class keeps no state).
final class EnvironmentTests: XCTestCase, @unchecked Sendable {
    @MainActor func testValuesFlowDownToDescendants() async {
        let trace = Trace(), handles = Handles<String>()
        let host = TestHost(rootView: EnvironmentRoot(trace: trace, handles: handles), width: 300, height: 200)
        host.runFrame()
        XCTAssertEqual(host.visibleTexts, ["grandchild red", "sibling", "density 2", "overridden blue"])
        XCTAssertEqual(trace.take(), ["root", "middle", "sibling", "density reader", "overridden", "grandchild"])
    }

    /// `Text.font(_:)` is the text's own font (a `Text` still, as in SwiftUI): it wins over the environment's,
    /// which the texts without one use.
    @MainActor func testATextsOwnFontWinsOverTheEnvironments() async {
        let host = TestHost(rootView: VStack {
            Text("Big").font(.system(size: 40))
            Text("Small")
        }.font(.system(size: 12)), width: 300, height: 200)
        host.runFrame()
        let big = host.frame(ofText: "Big")?.height ?? 0, small = host.frame(ofText: "Small")?.height ?? 0
        XCTAssertGreaterThan(big, 2.5 * small, "40 pt against 12 pt lines")
        let typed: Text = Text("x").font(.system(size: 20)).foregroundColor(.red)  // still a Text
        XCTAssertNotEqual(typed, Text("x"))
    }

    @MainActor func testAViewOutsideAnyModifierSeesTheDefault() async {
        let trace = Trace()
        let host = TestHost(rootView: Grandchild(name: "alone", trace: trace), width: 300, height: 100)
        host.runFrame()
        XCTAssertEqual(host.visibleTexts, ["alone default"])
    }

    @MainActor func testChangingAValueReRunsOnlyItsReaders() async {
        let trace = Trace(), handles = Handles<String>()
        let host = TestHost(rootView: EnvironmentRoot(trace: trace, handles: handles), width: 300, height: 200)
        host.runFrame()
        _ = trace.take()
        handles[0].wrappedValue = "green"
        host.runFrame()
        XCTAssertEqual(trace.take(), ["root", "grandchild"],
                       "not the view in between, not the sibling, not the reader of another key, not the overridden subtree")
        XCTAssertEqual(host.visibleTexts, ["grandchild green", "sibling", "density 2", "overridden blue"])

        handles[0].wrappedValue = "green"
        host.runFrame()
        XCTAssertEqual(trace.take(), [], "an equal value changes nothing")
    }

    @MainActor func testChangingTheRootEnvironmentReRunsOnlyReaders() async {
        let trace = Trace()
        let host = TestHost(rootView: Middle(trace: trace), width: 300, height: 100)
        host.runFrame()
        _ = trace.take()
        host.host.setEnvironment { $0.accentName = "from the display" }
        host.runFrame()
        XCTAssertEqual(trace.take(), ["grandchild"])
        XCTAssertEqual(host.visibleTexts, ["grandchild from the display"])
    }
}
