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
