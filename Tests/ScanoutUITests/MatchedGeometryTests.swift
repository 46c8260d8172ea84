import Testing
import ScanoutUI
import ScanoutTesting
import ScanoutRender

/// `@Namespace` and `matchedGeometryEffect`: a view inserted as its match is removed moves from the removed
/// view's frame to its own with the update's animation (and jumps without one); a selection indicator
/// slides between tabs; a view that is not the source takes the source's frame, position or size, and moves
/// with its id; ids are forgotten when their views go.
@MainActor
struct MatchedGeometryTests {
    struct Hero: View {
        @Namespace var space
        @State var expanded = false
        var body: some View {
            ZStack(alignment: .topLeading) {
                if expanded {
                    Color(red: 1, green: 0, blue: 0).matchedGeometryEffect(id: "card", in: space)
                        .frame(width: 200, height: 200).offset(x: 100, y: 100)
                } else {
                    Color(red: 1, green: 0, blue: 0).matchedGeometryEffect(id: "card", in: space)
                        .frame(width: 40, height: 40)
                }
                VStack {
                    Button("animate") { withAnimation(.linear(duration: 1)) { expanded.toggle() } }
                    Button("jump") { expanded.toggle() }
                }
                .offset(y: 300)
            }
            .frame(width: 400, height: 400, alignment: .topLeading)
        }
    }

    struct Box: Equatable, CustomStringConvertible {
        var minX, minY, maxX, maxY: Int
        init(_ minX: Int, _ minY: Int, _ maxX: Int, _ maxY: Int) { self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY }
        var description: String { "(\(minX), \(minY), \(maxX), \(maxY))" }
    }

    /// The bounds of the red pixels.
    private func redBox(_ host: TestHost) -> Box? {
        var box: Box?
        for y in 0..<host.height {
            for x in 0..<host.width where host.pixel(x: x, y: y) == RGBA(red: 255, green: 0, blue: 0) {
                box = box.map { Box(min($0.minX, x), min($0.minY, y), max($0.maxX, x), max($0.maxY, y)) } ?? Box(x, y, x, y)
            }
        }
        return box
    }

    @Test func anInsertedMatchMovesFromTheRemovedOnesFrame() {
        let host = TestHost(rootView: Hero(), width: 400, height: 400)
        host.runFrame()
        #expect(redBox(host) == Box(0, 0, 39, 39))
        host.tap(text: "animate")
        let began = host.time
        while host.time < began + 0.5 - 1e-9 { host.runFrame() }
        // Half way from (0, 0, 40 × 40) to (100, 100, 200 × 200): (50, 50), 120 × 120.
        let half = redBox(host)!
        #expect(abs(half.minX - 50) <= 2 && abs(half.minY - 50) <= 2 && abs(half.maxX - 169) <= 2 && abs(half.maxY - 169) <= 2,
                "\(half)")
        host.advance(seconds: 0.6)
        #expect(redBox(host) == Box(100, 100, 299, 299))
        // Back, without an animation: at once.
        host.tap(text: "jump")
        host.runFrame()
        #expect(redBox(host) == Box(0, 0, 39, 39))
    }

    struct Tabs: View {
        @Namespace var space
        @State var selected = 0
        var body: some View {
            HStack(spacing: 0) {
                ForEach(0..<3) { i in
                    Button { withAnimation(.linear(duration: 1)) { selected = i } } label: {
                        Text("Tab \(i)").frame(width: 100, height: 40)
                    }
                    .background(alignment: .bottom) {
                        if selected == i {
                            Color(red: 1, green: 0, blue: 0).frame(height: 4).matchedGeometryEffect(id: "indicator", in: space)
                        }
                    }
                }
            }
            .frame(width: 300, height: 40)
        }
    }

    @Test func aSelectionIndicatorSlides() {
        let host = TestHost(rootView: Tabs(), width: 300, height: 40)
        host.runFrame()
        #expect(redBox(host).map { [$0.minX, $0.maxX] } == [0, 99])
        host.tap(text: "Tab 2")
        let began = host.time
        while host.time < began + 0.5 - 1e-9 { host.runFrame() }
        let half = redBox(host)!
        #expect(abs(half.minX - 100) <= 2 && abs(half.maxX - 199) <= 2, "half way from the first tab to the third: \(half)")
        host.advance(seconds: 0.6)
        #expect(redBox(host).map { [$0.minX, $0.maxX] } == [200, 299])
    }

    struct Follower: View {
        @Namespace var space
        @State var selected = 0
        var properties: MatchedGeometryProperties = .frame
        var body: some View {
            ZStack(alignment: .topLeading) {
                HStack(spacing: 20) {
                    ForEach(0..<3) { i in
                        Color(white: 0.9).frame(width: 40 + CGFloat(i) * 20, height: 40)
                            .matchedGeometryEffect(id: i, in: space)
                    }
                }
                // (The matched view is the colour, which takes the size it is given; its own is 10 × 10.)
                Color(red: 1, green: 0, blue: 0)
                    .matchedGeometryEffect(id: selected, in: space, properties: properties, isSource: false)
                    .frame(width: 10, height: 10)
                VStack {
                    Button("next") { selected = (selected + 1) % 3 }
                    Button("glide") { withAnimation(.linear(duration: 1)) { selected = (selected + 1) % 3 } }
                }
                .offset(y: 100)
            }
            .frame(width: 300, height: 200, alignment: .topLeading)
        }
    }

    @Test func aFollowerTakesTheSourcesFrame() {
        let host = TestHost(rootView: Follower(), width: 300, height: 200)
        host.runFrame()
        #expect(redBox(host) == Box(0, 0, 39, 39), "the first source's frame")
        host.tap(text: "next")
        host.runFrame()
        #expect(redBox(host) == Box(60, 0, 119, 39), "the second's, at once")
        host.tap(text: "glide")
        let began = host.time
        while host.time < began + 0.5 - 1e-9 { host.runFrame() }
        let half = redBox(host)!
        #expect(abs(half.minX - 100) <= 2 && abs(half.maxX - 169) <= 2, "half way from the second to the third: \(half)")
        host.advance(seconds: 0.6)
        #expect(redBox(host) == Box(140, 0, 219, 39))
    }

    @Test func positionOrSizeAlone() {
        let position = TestHost(rootView: Follower(properties: .position), width: 300, height: 200)
        position.runFrame()
        #expect(redBox(position) == Box(15, 15, 24, 24), "its own 10 × 10, centred on the first source")
        let size = TestHost(rootView: Follower(properties: .size), width: 300, height: 200)
        size.runFrame()
        #expect(redBox(size) == Box(0, 0, 24, 24), "the source's 40 × 40 about its own centre (5, 5), the part on screen")
    }
}
