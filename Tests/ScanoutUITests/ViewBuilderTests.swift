import XCTest
import ScanoutUI
import ScanoutTesting

/// Every result-builder form, structural views, and user view modifiers.
final class ViewBuilderTests: XCTestCase, @unchecked Sendable {
    enum Mode { case a, b, c }

    struct Forms: View {
        @State var flag = true
        @State var name: String? = "named"
        @State var mode = Mode.a
        var body: some View {
            VStack {
                let prefix = "row"
                Text("\(prefix) 1")
                if flag {
                    Text("flag on")
                } else {
                    Text("flag off")
                }
                if let name {
                    Text(name)
                }
                switch mode {
                case .a: Text("mode a")
                case .b: Text("mode b")
                case .c: EmptyView()
                }
                Group {
                    Text("grouped 1")
                    Text("grouped 2")
                }
                AnyView(Text("erased"))
                ForEach(["x", "y"], id: \.self) { Text("item \($0)") }
                Button("flip") { flag.toggle(); name = nil; mode = mode == .a ? .b : .c }
            }
        }
    }

    @MainActor func testEveryBuilderForm() async {
        let host = TestHost(rootView: Forms(), width: 300, height: 600)
        host.runFrame()
        for t in ["row 1", "flag on", "named", "mode a", "grouped 1", "grouped 2", "erased", "item x", "item y"] {
            XCTAssertTrue(host.contains(text: t), "\(t) missing from \(host.visibleTexts)")
        }
        host.tap(text: "flip")
        XCTAssertTrue(host.contains(text: "flag off"))
        XCTAssertFalse(host.contains(text: "flag on"))
        XCTAssertFalse(host.contains(text: "named"))
        XCTAssertTrue(host.contains(text: "mode b"))
        host.tap(text: "flip")
        XCTAssertFalse(host.contains(text: "mode a") || host.contains(text: "mode b"), "mode c shows EmptyView")
    }

    /// Switching the branch of an `if` changes identity: state inside the branch starts over.
    struct Branches: View {
        @State var first = true
        var body: some View {
            VStack {
                if first { Counter(label: "A") } else { Counter(label: "B") }
                Button("switch") { first.toggle() }
            }
        }
    }

    struct Counter: View {
        let label: String
        @State var n = 0
        var body: some View {
            Button("\(label) \(n)") { n += 1 }
        }
    }

    @MainActor func testConditionalBranchesHaveTheirOwnIdentity() async {
        let host = TestHost(rootView: Branches(), width: 200, height: 200)
        host.runFrame()
        host.tap(text: "A 0")
        host.tap(text: "A 1")
        XCTAssertTrue(host.contains(text: "A 2"))
        host.tap(text: "switch")
        XCTAssertTrue(host.contains(text: "B 0"), "\(host.visibleTexts)")
        host.tap(text: "switch")
        XCTAssertTrue(host.contains(text: "A 0"), "the first branch was destroyed with its state: \(host.visibleTexts)")
    }

    struct Framed: ViewModifier {
        let title: String
        func body(content: Content) -> some View {
            VStack {
                Text(title)
                content
            }
        }
    }

    struct UsesModifier: View {
        @State var n = 0
        var body: some View {
            Button("tapped \(n)") { n += 1 }
                .modifier(Framed(title: "Header"))
        }
    }

    @MainActor func testUserViewModifierWrapsContent() async {
        let host = TestHost(rootView: UsesModifier(), width: 200, height: 200)
        host.host.evaluationLog = []
        host.runFrame()
        XCTAssertTrue(host.contains(text: "Header"))
        XCTAssertTrue(host.contains(text: "tapped 0"))
        host.host.evaluationLog = []
        host.tap(text: "tapped 0")
        XCTAssertTrue(host.contains(text: "tapped 1"), "content changes reach the placeholder: \(host.visibleTexts)")
        XCTAssertFalse(host.host.evaluationLog?.contains { $0.contains("Framed") } ?? true,
                       "an unchanged modifier does not re-run its body: \(host.host.evaluationLog ?? [])")
    }
}
