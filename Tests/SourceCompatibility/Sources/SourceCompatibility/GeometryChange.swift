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
