import XCTest
import ScanoutUI
import ScanoutTesting

/// GeometryReader: takes the whole proposal, tells its content its size and frames, places the content at
/// its top-leading corner, and builds the content again when its geometry changes.
final class GeometryReaderTests: XCTestCase, @unchecked Sendable {
    struct SizeLabel: View {
        var body: some View {
            GeometryReader { proxy in
                Text("\(Int(proxy.size.width))x\(Int(proxy.size.height))")
            }
        }
    }

    @MainActor func testReportsTheProposedSizeAndFollowsChanges() async {
        let host = TestHost(rootView: SizeLabel(), width: 200, height: 300)
        host.runFrame()
        XCTAssertEqual(host.visibleTexts, ["200x300"], "the proxy's size is the whole proposal")
        host.host.size = ScanoutUI.CGSize(width: 150, height: 100)
        host.runFrame()
        XCTAssertEqual(host.visibleTexts, ["150x100"], "the content is built again with the new size")
    }

    struct Frames: View {
        var body: some View {
            VStack(spacing: 0) {
                Color.red.frame(height: 50)
                GeometryReader { proxy in
                    let global = proxy.frame(in: .global), local = proxy.frame(in: .local)
                    VStack {
                        Text("at \(Int(global.minX)),\(Int(global.minY))")
                        Text("\(Int(global.width))x\(Int(global.height))")
                        Text("local \(Int(local.minX)),\(Int(local.minY))")
                    }
                }
                .padding(10)
            }
        }
    }

    @MainActor func testFramesInGlobalAndLocalSpace() async {
        let host = TestHost(rootView: Frames(), width: 200, height: 300)
        host.runFrame()
        XCTAssertTrue(host.contains(text: "at 10,60"), "\(host.visibleTexts)")
        XCTAssertTrue(host.contains(text: "180x230"), "\(host.visibleTexts)")
        XCTAssertTrue(host.contains(text: "local 0,0"), "\(host.visibleTexts)")
    }

    @MainActor func testContentIsPlacedAtTheTopLeadingCorner() async {
        let root = GeometryReader { _ in Color.red.frame(width: 20, height: 20) }
            .frame(width: 100, height: 100)
            .background(Color.blue)
        let host = TestHost(rootView: root, width: 200, height: 200)
        host.runFrame()
        // The reader is centred in the window: (50, 50) to (150, 150); its content at its top-left corner.
        XCTAssertEqual(host.pixel(x: 55, y: 55), RGBA(red: 255, green: 59, blue: 48))
        XCTAssertEqual(host.pixel(x: 75, y: 75), RGBA(red: 0, green: 122, blue: 255))
        XCTAssertEqual(host.pixel(x: 45, y: 45), RGBA.white)
    }

    /// A view inside the reader's content, with state of its own.
    struct Tapped: View {
        let width: Int
        @State var taps = 0
        var body: some View {
            Button("\(width) wide, \(taps) taps") { taps += 1 }
        }
    }

    @MainActor func testContentKeepsItsStateWhenBuiltAgain() async {
        let host = TestHost(rootView: GeometryReader { proxy in Tapped(width: Int(proxy.size.width)) }, width: 200, height: 100)
        host.runFrame()
        host.tap(text: "200 wide, 0 taps")
        XCTAssertTrue(host.contains(text: "200 wide, 1 taps"), "\(host.visibleTexts)")
        host.host.size = ScanoutUI.CGSize(width: 160, height: 100)
        host.runFrame()
        XCTAssertTrue(host.contains(text: "160 wide, 1 taps"), "same identity, same state: \(host.visibleTexts)")
    }

    /// Inside a scroll view the global frame follows the scroll position.
    @MainActor func testGlobalFrameFollowsScrolling() async {
        let root = ScrollView {
            VStack(spacing: 0) {
                Color.gray.frame(height: 100)
                GeometryReader { proxy in Text("at \(Int(proxy.frame(in: .global).minY))") }.frame(height: 40)
                Color.gray.frame(height: 400)
            }
        }
        let host = TestHost(rootView: root, width: 200, height: 300)
        host.runFrame()
        XCTAssertTrue(host.contains(text: "at 100"), "\(host.visibleTexts)")
        host.drag(fromX: 100, fromY: 250, toX: 100, toY: 190, steps: 3)
        XCTAssertTrue(host.contains(text: "at 40"), "\(host.visibleTexts)")
    }
}
