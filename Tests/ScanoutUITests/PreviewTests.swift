import Testing
@testable import ScanoutUI
import ScanoutPlatform
import ScanoutTesting

private struct Badge: View {
    var title: String
    var body: some View { Text(title).padding() }
}

#Preview {
    Badge(title: "Plain preview")
}

// A comment naming #Preview before the macro does not confuse its expansion.
#Preview("Named", traits: .fixedLayout(width: 300, height: 120), .landscapeLeft) {
    VStack {
        Badge(title: "First")
        Badge(title: "Second")
    }
}

struct Badge_Previews: PreviewProvider {
    static var previews: some View {
        Badge(title: "Provider").previewDisplayName("Provider")
    }
}

/// `#Preview` expands (through Scanout's own compiler plugin) into a function the running program finds by
/// its symbol; the preview it returns renders like any view.
@Suite @MainActor struct PreviewTests {
    private func previewsInThisFile() -> [PreviewEntry] {
        ExecutableSymbols.functions(withPrefix: "scanout_preview_").map { symbol -> PreviewEntry in
            let register = unsafeBitCast(symbol.address, to: (@convention(c) () -> UnsafeMutableRawPointer).self)
            return Unmanaged<PreviewEntry>.fromOpaque(register()).takeRetainedValue()
        }
        .filter { $0.fileID.hasSuffix("PreviewTests.swift") }
        .sorted { $0.line < $1.line }
    }

    @Test func everyPreviewIsFoundWithItsPlace() {
        let entries = previewsInThisFile()
        #expect(entries.count == 2)
        #expect(entries.map(\.line) == [11, 16])  // where each #Preview is written
        #expect(entries.allSatisfy { $0.fileID == "ScanoutUITests/PreviewTests.swift" })
    }

    @Test func aPreviewKeepsItsNameAndTraitsAndRenders() throws {
        let entries = previewsInThisFile()
        try #require(entries.count == 2)
        let plain = entries[0].make(), named = entries[1].make()
        #expect(plain.name == nil)
        #expect(named.name == "Named")
        #expect(PreviewRunner.size(of: plain, screen: (800, 480)) == (800, 480))
        #expect(PreviewRunner.size(of: named, screen: (800, 480)) == (300, 120))
        #expect(PreviewRunner.fileName(for: entries[1], preview: named) == "PreviewTests-16-Named.png")

        let host = TestHost(rootView: AnyView(named.body()), width: 300, height: 120)
        host.runFrame()
        #expect(host.contains(text: "First") && host.contains(text: "Second"))
    }

    @Test func orientationTraitsTurnTheScreen() {
        let portrait = Preview(traits: .portrait) { Text("p") }
        let landscape = Preview(traits: .landscapeRight) { Text("l") }
        #expect(PreviewRunner.size(of: portrait, screen: (800, 480)) == (480, 800))
        #expect(PreviewRunner.size(of: landscape, screen: (480, 800)) == (800, 480))
        #expect(PreviewRunner.size(of: Preview(traits: .fixedLayout(width: .nan, height: 10)) { Text("x") }, screen: (800, 480)) == (800, 480))
    }

    @Test func aPreviewProviderCompilesAndItsPreviewsRender() {
        let host = TestHost(rootView: Badge_Previews.previews, width: 200, height: 80)
        host.runFrame()
        #expect(host.contains(text: "Provider"))
    }
}
