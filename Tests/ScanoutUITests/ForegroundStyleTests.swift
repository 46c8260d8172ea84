import Testing
@testable import ScanoutUI
import ScanoutTesting

/// `foregroundStyle(_:)` with any `ShapeStyle`: colours, `.tint`, gradients; the two- and three-level forms.
@MainActor
struct ForegroundStyleTests {
    struct Screen: View {
        var body: some View {
            VStack(spacing: 0) {
                Rectangle().frame(width: 100, height: 40).foregroundStyle(.tint).layoutProbe("tint")
                Rectangle().frame(width: 100, height: 40)
                    .foregroundStyle(LinearGradient(colors: [.red, .blue], startPoint: .leading, endPoint: .trailing))
                    .layoutProbe("linear")
                Rectangle().frame(width: 100, height: 40).foregroundStyle(Color.green.gradient).layoutProbe("any")
                Rectangle().fill(.tint).frame(width: 100, height: 40).tint(.orange).layoutProbe("fill")
                Text("Two levels").foregroundStyle(.red, .secondary)
                Text("Three").foregroundStyle(.blue, .secondary, .tertiaryStyleProbe)
            }
            .tint(.purple)
        }
    }

    /// The pixel at (`dx`, `dy`) from the top-left of probe `id`'s frame.
    func pixel(_ host: TestHost, _ id: String, _ dx: Double, _ dy: Double) -> RGBA {
        guard let f = host.frame(ofProbe: id) else {
            Issue.record("no probe \(id)")
            return RGBA(red: 0, green: 0, blue: 0, alpha: 0)
        }
        return host.pixel(x: Int(Double(f.minX) + dx), y: Int(Double(f.minY) + dy))
    }

    @Test func shapesFillWithTheForegroundStyle() {
        let host = TestHost(rootView: Screen(), width: 200, height: 300)
        host.runFrame()
        #expect(pixel(host, "tint", 50, 20) == Color.purple.rgba)  // the tint in scope
        // The gradient runs red → blue across the rectangle's own frame.
        let left = pixel(host, "linear", 2, 20), right = pixel(host, "linear", 98, 20)
        #expect(left.red > 200 && left.blue < 60)
        #expect(right.blue > 200 && right.red < 60)
        // Color.gradient: green, lighter at the top.
        let top = pixel(host, "any", 50, 1), bottom = pixel(host, "any", 50, 39)
        #expect(Int(top.red) + Int(top.blue) > Int(bottom.red) + Int(bottom.blue))
        #expect(bottom.green > bottom.red && bottom.green > bottom.blue)
        // .fill(.tint) follows the nearest tint.
        #expect(pixel(host, "fill", 50, 20) == Color.orange.rgba)
        #expect(host.contains(text: "Two levels"))
        #expect(host.contains(text: "Three"))
    }
}

extension ShapeStyle where Self == Color {
    /// (A third style written the way an app writes its own.)
    @MainActor static var tertiaryStyleProbe: Color { Color.gray }
}
