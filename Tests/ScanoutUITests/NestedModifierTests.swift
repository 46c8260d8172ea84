import Testing
import ScanoutUI
import ScanoutTesting

/// A `ViewModifier` whose body applies another user modifier to its `content` (as SwiftUI allows): each
/// modifier's content placeholder shows that modifier's own content (it recursed without end before).
@Suite @MainActor struct NestedModifierTests {
    struct Captioned: ViewModifier {
        let caption: String
        func body(content: Content) -> some View {
            VStack {
                Text(caption)
                content
            }
        }
    }

    struct Card: ViewModifier {
        func body(content: Content) -> some View {
            content
                .modifier(Captioned(caption: "Caption"))
                .padding(8)
                .modifier(Captioned(caption: "Header"))
        }
    }

    @Test func aModifierAppliedInsideAnotherModifiersBodyWrapsThatContent() throws {
        let host = TestHost(rootView: Text("Reading").modifier(Card()), width: 300, height: 200)
        host.runFrame()
        #expect(host.visibleTexts == ["Header", "Caption", "Reading"])
        let header = try #require(host.frame(ofText: "Header"))
        let caption = try #require(host.frame(ofText: "Caption"))
        let reading = try #require(host.frame(ofText: "Reading"))
        #expect(header.maxY <= caption.minY && caption.maxY <= reading.minY)
    }
}
