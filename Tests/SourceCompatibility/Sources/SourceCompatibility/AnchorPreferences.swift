import ScanoutUI

/// Anchor preferences as SwiftUI code writes them: a segmented strip's underline, a badge at a corner.
struct BoundsPreferenceKey: PreferenceKey {
    static let defaultValue: [String: Anchor<CGRect>] = [:]
    static func reduce(value: inout [String: Anchor<CGRect>], nextValue: () -> [String: Anchor<CGRect>]) {
        value.merge(nextValue()) { $1 }
    }
}

struct ModeStrip: View {
    @State private var mode = "Auto"
    var body: some View {
        HStack {
            ForEach(["Auto", "Manual", "Off"], id: \.self) { name in
                Button(name) { mode = name }
                    .anchorPreference(key: BoundsPreferenceKey.self, value: .bounds) { [name: $0] }
            }
        }
        .overlayPreferenceValue(BoundsPreferenceKey.self) { anchors in
            GeometryReader { proxy in
                if let anchor = anchors[mode] {
                    Capsule().frame(width: proxy[anchor].width, height: 3)
                        .offset(x: proxy[anchor].minX, y: proxy[anchor].maxY)
                }
            }
        }
        .backgroundPreferenceValue(BoundsPreferenceKey.self) { _ in Color.clear }
        .transformPreference(BoundsPreferenceKey.self) { $0.removeValue(forKey: "Off") }
        .transformAnchorPreference(key: BoundsPreferenceKey.self, value: .bounds) { value, anchor in value["strip"] = anchor }
    }
}
