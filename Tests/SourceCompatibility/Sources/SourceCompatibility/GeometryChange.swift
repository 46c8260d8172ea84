import ScanoutUI

/// Reading a view's size into state, as iOS 16+ code does it.
struct MeasuredHeader: View {
    @State private var width: CGFloat = 0
    @State private var height: CGFloat = 0
    var body: some View {
        Text("Line 3 — \(Int(width)) x \(Int(height))")
            .onGeometryChange(for: CGFloat.self) { proxy in proxy.size.width } action: { newValue in width = newValue }
            .onGeometryChange(for: CGSize.self) { $0.size } action: { old, new in if old.height != new.height { height = new.height } }
    }
}

/// A horizontal carousel of full-width pages, and a grid of thirds, as iOS 17 code sizes them.
struct Carousel: View {
    var body: some View {
        VStack {
            ScrollView(.horizontal) {
                LazyHStack(spacing: 0) {
                    ForEach(0..<5, id: \.self) { page in
                        Text("Page \(page)").containerRelativeFrame(.horizontal)
                    }
                }
            }
            ScrollView(.horizontal) {
                HStack(spacing: 8) {
                    ForEach(0..<9, id: \.self) { _ in
                        Color.blue.containerRelativeFrame(.horizontal, count: 3, spacing: 8).aspectRatio(1, contentMode: .fit)
                    }
                }
            }
            Color.red.containerRelativeFrame(.vertical, alignment: .top) { height, _ in height * 0.25 }
        }
    }
}

/// Named coordinate spaces: the scroll-offset idiom, iOS 17's form, and a gesture in a named space.
struct ScrollOffsetReader: View {
    struct OffsetKey: PreferenceKey {
        static let defaultValue: CGFloat = 0
        static func reduce(value: inout CGFloat, nextValue: () -> CGFloat) { value = nextValue() }
    }
    @State private var offset: CGFloat = 0
    @State private var touch = CGPoint.zero
    var body: some View {
        ScrollView {
            GeometryReader { geo in
                Color.clear.preference(key: OffsetKey.self, value: geo.frame(in: .named("scroll")).minY)
            }
            .frame(height: 0)
            Text("Header").opacity(offset < -40 ? 0 : 1)
            Color.gray.frame(height: 200)
                .gesture(DragGesture(coordinateSpace: .named("panel")).onChanged { touch = $0.location })
                .coordinateSpace(.named("panel"))
        }
        .coordinateSpace(name: "scroll")
        .onPreferenceChange(OffsetKey.self) { offset = $0 }
    }
}
