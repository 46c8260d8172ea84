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
