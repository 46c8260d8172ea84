import Testing
import ScanoutUI
import ScanoutTesting

/// Right-to-left layout mirrors as SwiftUI's: stacks run from the right, leading is the right edge.
@MainActor
struct LayoutDirectionTests {
    func host<V: View>(_ direction: LayoutDirection, _ view: V) -> TestHost {
        let h = TestHost(rootView: view.environment(\.layoutDirection, direction), width: 400, height: 300)
        h.runFrame()
        return h
    }

    struct Row: View {
        var body: some View {
            VStack(alignment: .leading, spacing: 0) {
                HStack(spacing: 10) {
                    Color.red.frame(width: 50, height: 20).accessibilityIdentifier("first")
                    Color.blue.frame(width: 30, height: 20).accessibilityIdentifier("second")
                }
                Color.green.frame(width: 40, height: 10).padding(.leading, 25).accessibilityIdentifier("padded")
                Color.gray.frame(width: 40, height: 10).offset(x: 15).accessibilityIdentifier("offset")
                Text("leading").frame(maxWidth: .infinity, alignment: .leading).accessibilityIdentifier("text")
            }
            .frame(width: 400, height: 300, alignment: .topLeading)
        }
    }

    @Test func stacksRunFromTheRightAndLeadingIsTheRightEdge() throws {
        let ltr = host(.leftToRight, Row()), rtl = host(.rightToLeft, Row())
        let first = try #require(rtl.frame(ofAccessibilityIdentifier: "first"))
        let second = try #require(rtl.frame(ofAccessibilityIdentifier: "second"))
        #expect(first.maxX == 400 && first.minX == 350, "the first child of an HStack at the leading (right) edge")
        #expect(second.maxX == 340)
        let l = try #require(ltr.frame(ofAccessibilityIdentifier: "first"))
        #expect(l.minX == 0)
        // Every frame is the left-to-right one mirrored in the screen.
        for id in ["first", "second", "padded", "offset", "text"] {
            let a = try #require(ltr.frame(ofAccessibilityIdentifier: id)), b = try #require(rtl.frame(ofAccessibilityIdentifier: id))
            #expect(b.minX == 400 - a.maxX && b.width == a.width && b.minY == a.minY, "\(id)")
        }
        let padded = try #require(rtl.frame(ofAccessibilityIdentifier: "padded"))
        #expect(padded.maxX == 400, "padding(.leading) is on the right: the padded view's frame includes it")
    }

    @Test func imagesFlipOnlyWhenAsked() {
        struct Arrow: View {
            let flips: Bool
            var body: some View {
                // A shape that is not symmetric: a bar at its left end.
                HStack(spacing: 0) { Color.black.frame(width: 10, height: 20); Color.white.frame(width: 30, height: 20) }
                    .flipsForRightToLeftLayoutDirection(flips)
                    .frame(width: 400, height: 300, alignment: .topLeading)
            }
        }
        // Not flipped: the black bar is at the view's own left edge wherever it is placed; flipped: its right.
        // (HStack order mirrors too, so "not flipped" puts the bar on the right: mirroring layout reverses
        // the children; flipping the drawing reverses them back.)
        let plain = host(.rightToLeft, Arrow(flips: false)), flipped = host(.rightToLeft, Arrow(flips: true))
        #expect(plain.pixel(x: 395, y: 10) == flipped.pixel(x: 365, y: 10))
        #expect(plain.pixel(x: 395, y: 10) != plain.pixel(x: 365, y: 10))
        #expect(flipped.pixel(x: 365, y: 10) != flipped.pixel(x: 395, y: 10))
    }

    @Test func multilineTextAlignsToTheLeadingEdge() throws {
        struct Lines: View {
            var body: some View {
                Text("o\ntwo words").accessibilityIdentifier("t").frame(width: 300, height: 100)
            }
        }
        let rtl = host(.rightToLeft, Lines()), ltr = host(.leftToRight, Lines())
        // Leading alignment: in LTR the short line's ink starts at the left; in RTL it ends at the right.
        let f = try #require(rtl.frame(ofAccessibilityIdentifier: "t"))
        #expect(try #require(ltr.frame(ofAccessibilityIdentifier: "t")) == f, "centred in its frame either way")
        let rowY = Int(f.minY) + 4
        func inked(_ h: TestHost, _ x: Int) -> Bool { (0..<12).contains { h.pixel(x: x, y: rowY + $0) != h.pixel(x: 2, y: 2) } }
        let leftEdge = Int(f.minX), rightEdge = Int(f.maxX)
        #expect((leftEdge..<leftEdge + 8).contains { inked(ltr, $0) })
        #expect(!(rightEdge - 8..<rightEdge).contains { inked(ltr, $0) })
        #expect((rightEdge - 10..<rightEdge).contains { inked(rtl, $0) })
        #expect(!(leftEdge..<leftEdge + 8).contains { inked(rtl, $0) })
    }

    @Test func controlsRunFromTheRight() throws {
        @MainActor final class Model { var value = 0.5 }
        let model = Model()
        struct Controls: View {
            let model: Model
            @State var value = 0.5
            var body: some View {
                VStack {
                    Slider(value: Binding(get: { value }, set: { value = $0; model.value = $0 })).frame(width: 300)
                        .accessibilityIdentifier("slider")
                }
            }
        }
        let h = host(.rightToLeft, Controls(model: model))
        let f = try #require(h.frame(ofAccessibilityIdentifier: "slider"))
        // Touching near the right end sets a value near the minimum, the left end near the maximum.
        h.tap(x: f.maxX - 16, y: f.midY)
        h.runFrame()
        #expect(model.value < 0.05)
        h.tap(x: f.minX + 16, y: f.midY)
        h.runFrame()
        #expect(model.value > 0.95)
    }
}
