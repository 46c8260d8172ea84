import Testing
import ScanoutUI
import ScanoutTesting

/// `coordinateSpace(name:)` and `.named(_:)`: geometry readers and gestures measured from an enclosing view.
@MainActor
struct NamedCoordinateSpaceTests {
    struct OffsetKey: PreferenceKey {
        static let defaultValue: CGFloat = 0
        static func reduce(value: inout CGFloat, nextValue: () -> CGFloat) { value = nextValue() }
    }

    /// The scroll-offset idiom: a reader at the top of the content reports its y in the scroll view's space.
    struct Scrolled: View {
        @State private var offset: CGFloat = 0
        var body: some View {
            VStack(spacing: 0) {
                Text("offset \(Int(offset))").frame(height: 40)
                ScrollView {
                    VStack(spacing: 0) {
                        GeometryReader { geo in
                            Color.clear.preference(key: OffsetKey.self, value: geo.frame(in: .named("scroll")).minY)
                        }
                        .frame(height: 0)
                        ForEach(0..<40) { i in Text("Row \(i)").frame(height: 40) }
                    }
                }
                .coordinateSpace(name: "scroll")
                .onPreferenceChange(OffsetKey.self) { offset = $0 }
            }
        }
    }

    @Test func aReaderMeasuresFromTheNamedScrollView() {
        let host = TestHost(rootView: Scrolled(), width: 300, height: 440)
        host.runFrame()
        host.runFrame()
        #expect(host.contains(text: "offset 0"), "\(host.visibleTexts.prefix(3))")  // not 40: the scroll view's own top
        let before = host.frame(ofText: "Row 5")!.minY
        host.drag(fromX: 150, fromY: 400, toX: 150, toY: 200, steps: 10)
        host.runFrame()
        host.runFrame()
        let moved = host.frame(ofText: "Row 5")!.minY - before
        #expect(moved < -100)
        #expect(host.contains(text: "offset \(Int(moved))"), "\(host.visibleTexts.prefix(3))")
    }

    struct Nested: View {
        var name: String
        var body: some View {
            VStack(spacing: 0) {
                Color.gray.frame(height: 30)
                HStack(spacing: 0) {
                    Color.gray.frame(width: 50)
                    GeometryReader { geo in
                        let f = geo.frame(in: .named(name))
                        Text("at \(Int(f.minX)),\(Int(f.minY))")
                    }
                    .padding(.leading, 7)
                    .coordinateSpace(.named("inner"))
                }
                .coordinateSpace(name: "outer")
            }
        }
    }

    @Test func theNearestNamedViewIsTheOrigin() {
        func reading(_ name: String) -> [String] {
            let host = TestHost(rootView: Nested(name: name), width: 300, height: 200)
            host.runFrame()
            host.runFrame()
            return host.visibleTexts
        }
        #expect(reading("outer") == ["at 57,0"])  // from the HStack: past the 50 pt column and the padding
        #expect(reading("inner") == ["at 7,0"])   // from the padded view: the padding only
        #expect(reading("nowhere") == ["at 57,30"])  // an unknown name measures as global
    }

    struct Pad: View {
        @State private var location = CGPoint.zero
        var body: some View {
            VStack(spacing: 0) {
                Text("at \(Int(location.x)),\(Int(location.y))").frame(height: 50)
                ZStack {
                    Color.gray.frame(width: 100, height: 100)
                        .gesture(DragGesture(minimumDistance: 0, coordinateSpace: .named("pad")).onChanged { location = $0.location })
                }
                .frame(width: 300, height: 200)
                .coordinateSpace(name: "pad")
            }
            .frame(maxHeight: .infinity, alignment: .top)
        }
    }

    @Test func aDragReportsItsLocationInTheNamedSpace() {
        let host = TestHost(rootView: Pad(), width: 300, height: 400)
        host.runFrame()
        // The pad's space starts at y 50; the grey square is centred in it (x 100...200, y 50...150 in it).
        host.touchDown(x: 160, y: 120)
        host.runFrame()
        host.touchMove(x: 170, y: 130)
        host.runFrame()
        #expect(host.contains(text: "at 170,80"), "\(host.visibleTexts)")
        host.touchUp(x: 170, y: 130)
        host.runFrame()
    }
}
