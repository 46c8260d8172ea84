import XCTest
import Observation
@testable import ScanoutUI

@Observable @MainActor
private final class Shown {
    var branch = true
}

private struct Branching: View {
    let shown: Shown
    var body: some View {
        VStack {
            if shown.branch {
                HStack { Text("a"); Text("b") }
            }
            Text("c")
        }
    }
}

private struct Stateful: View {
    let handles: Handles<Int>
    @State private var count = 0
    var body: some View {
        Text("count \(count)").onAppear { handles.bindings[0] = $count }
    }
}

private struct MaybeStateful: View {
    let shown: Shown
    let handles: Handles<Int>
    var body: some View {
        VStack {
            if shown.branch { Stateful(handles: handles) }
            Text("below")
        }
    }
}

/// A node's parent reference is not weak (see `ViewNode.parent`); it must still never outlive the parent.
final class NodeParentTests: XCTestCase, @unchecked Sendable {
    @MainActor func textNodes(_ node: ViewNode) -> [ViewNode] {
        var found = node.view is Text ? [node] : []
        for child in node.children { found += textNodes(child) }
        return found
    }

    /// Nodes destroyed with their branch see no parent; the others keep theirs.
    @MainActor func testADestroyedNodeSeesNoParent() async {
        let shown = Shown()
        let host = ViewHost(rootView: Branching(shown: shown), size: CGSize(width: 100, height: 100))
        host.update(); host.layout()
        let texts = textNodes(host.root)
        XCTAssertEqual(texts.count, 3)
        XCTAssertTrue(texts.allSatisfy { $0.parent != nil })
        shown.branch = false
        host.update(); host.layout()
        let gone = texts.filter { !$0.isAlive }, kept = texts.filter { $0.isAlive }
        XCTAssertEqual(gone.count, 2, "the branch's two labels are destroyed")
        XCTAssertTrue(gone.allSatisfy { $0.parent == nil })
        XCTAssertEqual(kept.count, 1)
        XCTAssertNotNil(kept.first?.parent, "the label outside the branch keeps its parent")
    }

    /// A `@State`'s storage refers to its node through a link (not weak) that is cleared when the node goes:
    /// a binding kept after its view was destroyed, or after the whole host was freed, writes without
    /// touching the node or the host.
    @MainActor func testABindingOutlivingItsViewWritesSafely() async {
        let shown = Shown(), handles = Handles<Int>()
        let host = ViewHost(rootView: MaybeStateful(shown: shown, handles: handles), size: CGSize(width: 100, height: 100))
        host.update(); host.layout()
        let binding = handles[0]
        binding.wrappedValue = 3
        host.update(); host.layout()
        XCTAssertEqual(binding.wrappedValue, 3)
        shown.branch = false
        host.update(); host.layout()
        binding.wrappedValue = 4  // the view is gone: a write to its storage only
        XCTAssertEqual(binding.wrappedValue, 4)

        var kept: Binding<Int>?
        do {
            let handles = Handles<Int>()
            let other = ViewHost(rootView: Stateful(handles: handles), size: CGSize(width: 100, height: 100))
            other.update(); other.layout()
            kept = handles[0]
        }
        kept?.wrappedValue = 7  // the host and its tree are freed
        XCTAssertEqual(kept?.wrappedValue, 7)
    }

    /// A node kept by someone else after its whole tree was freed (without being destroyed) sees no parent
    /// instead of a freed one.
    @MainActor func testANodeOutlivingItsTreeSeesNoParent() async {
        var kept: [ViewNode] = []
        do {
            let host = ViewHost(rootView: Branching(shown: Shown()), size: CGSize(width: 100, height: 100))
            host.update(); host.layout()
            kept = textNodes(host.root)
            XCTAssertTrue(kept.allSatisfy { $0.parent != nil })
        }
        XCTAssertEqual(kept.count, 3)
        XCTAssertTrue(kept.allSatisfy { $0.parent == nil }, "the parents are gone")
    }
}
