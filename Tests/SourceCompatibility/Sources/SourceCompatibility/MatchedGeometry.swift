import ScanoutUI

/// A card that grows into a detail view, and a tab indicator that slides (the usual matched-geometry idioms).
struct ExpandingCard: View {
    @Namespace private var animation
    @State private var expanded = false
    @State private var tab = 0

    var body: some View {
        VStack {
            if expanded {
                RoundedRectangle(cornerRadius: 24)
                    .fill(.blue)
                    .matchedGeometryEffect(id: "card", in: animation)
                    .frame(height: 300)
            } else {
                RoundedRectangle(cornerRadius: 12)
                    .fill(.blue)
                    .matchedGeometryEffect(id: "card", in: animation, properties: .frame, anchor: .top, isSource: true)
                    .frame(width: 100, height: 80)
            }
            HStack {
                ForEach(0..<3, id: \.self) { i in
                    Text("Tab \(i)")
                        .padding(8)
                        .background {
                            if tab == i {
                                Capsule().fill(.yellow).matchedGeometryEffect(id: "tab", in: animation)
                            }
                        }
                        .onTapGesture { withAnimation(.spring()) { tab = i } }
                }
            }
            Circle().matchedGeometryEffect(id: tab, in: animation, properties: .position, isSource: false)
                .frame(width: 8, height: 8)
        }
        .onTapGesture { withAnimation(.easeInOut) { expanded.toggle() } }
    }
}
