import Testing
import ScanoutUI
import ScanoutTesting

/// `containerRelativeFrame`: sizes from the nearest scroll view's visible size, or the safe area's.
@MainActor
struct ContainerRelativeFrameTests {
    @Test func pagesOfAHorizontalScrollViewAreItsWidth() throws {
        let host = TestHost(rootView: ScrollView(.horizontal) {
            HStack(spacing: 0) {
                ForEach(0..<3, id: \.self) { i in
                    Color.red.containerRelativeFrame(.horizontal).layoutProbe("page \(i)")
                }
            }
        }.frame(width: 300, height: 200), width: 400, height: 300)
        host.runFrame()
        let pages = try (0..<3).map { try #require(host.frame(ofProbe: "page \($0)")) }
        #expect(pages.map(\.width) == [300, 300, 300])
        #expect(pages[1].minX - pages[0].minX == 300)
        #expect(pages[0].height == 200, "across the scroll axis the proposal's height")
    }

    @Test func aCountSpanAndSpacingShareTheContainer() throws {
        let host = TestHost(rootView: ScrollView(.horizontal) {
            HStack(spacing: 10) {
                Color.red.containerRelativeFrame(.horizontal, count: 3, span: 2, spacing: 10).layoutProbe("wide")
                Color.blue.containerRelativeFrame(.horizontal, count: 3, spacing: 10).layoutProbe("narrow")
            }
        }.frame(width: 320, height: 100), width: 400, height: 200)
        host.runFrame()
        #expect(try #require(host.frame(ofProbe: "wide")).width == 210, "two parts of 100 and the 10 between them")
        #expect(try #require(host.frame(ofProbe: "narrow")).width == 100)
    }

    @Test func withoutAScrollViewTheSafeAreaIsTheContainer() throws {
        let host = TestHost(rootView: VStack {
            Color.red.containerRelativeFrame(.horizontal) { length, axis in axis == .horizontal ? length / 4 : length }
                .frame(height: 50).layoutProbe("quarter")
            Color.blue.containerRelativeFrame([.horizontal, .vertical], alignment: .topLeading).layoutProbe("whole")
        }, width: 400, height: 300)
        host.runFrame()
        #expect(try #require(host.frame(ofProbe: "quarter")).width == 100)
        let whole = try #require(host.frame(ofProbe: "whole"))
        #expect(whole.width == 400 && whole.height == 300)
    }
}
