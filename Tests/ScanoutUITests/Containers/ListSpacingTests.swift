import Testing
import ScanoutUI
import ScanoutTesting

/// `listRowSpacing` and `listSectionSpacing`: gaps between rows (each row its own card in the grouped styles,
/// no separators) and between sections, in eager and lazy rows.
@MainActor
struct ListSpacingTests {
    struct Rows: View {
        var spacing: CGFloat?
        var style: ListStyleKindChoice = .insetGrouped
        var body: some View {
            switch style {
            case .insetGrouped:
                List { Text("A"); Text("B"); Text("C") }.listRowSpacing(spacing)
            case .plain:
                List { Text("A"); Text("B"); Text("C") }.listStyle(.plain).listRowSpacing(spacing)
            }
        }
    }
    enum ListStyleKindChoice { case insetGrouped, plain }

    func step(_ host: TestHost) -> CGFloat {
        host.frame(ofText: "B")!.minY - host.frame(ofText: "A")!.minY
    }

    @Test func rowsAreSpacedApart() {
        let touching = TestHost(rootView: Rows(spacing: nil), width: 320, height: 400)
        touching.runFrame()
        let spaced = TestHost(rootView: Rows(spacing: 12), width: 320, height: 400)
        spaced.runFrame()
        #expect(step(spaced) == step(touching) + 12)
        #expect(spaced.frame(ofText: "C")!.minY - spaced.frame(ofText: "B")!.minY == step(spaced))

        let plain = TestHost(rootView: Rows(spacing: 12, style: .plain), width: 320, height: 400)
        plain.runFrame()
        #expect(step(plain) == step(touching) + 12)
    }

    @Test func spacedRowsAreCardsOverTheGroupedBackground() {
        let host = TestHost(rootView: Rows(spacing: 12), width: 320, height: 400)
        host.runFrame()
        let a = host.frame(ofText: "A")!, b = host.frame(ofText: "B")!
        let x = 160
        let cell = host.pixel(x: x, y: Int(a.midY))
        // Halfway between the texts is the gap: the list's background, not a cell; no separator line in it.
        let gapY = Int(((a.maxY + b.minY) / 2).rounded())
        let gap = host.pixel(x: x, y: gapY)
        #expect(gap != cell)
        #expect(gap == host.pixel(x: 160, y: 4))  // above the first group: the grouped background
        #expect(host.pixel(x: x, y: gapY - 1) == gap && host.pixel(x: x, y: gapY + 1) == gap)
        #expect(host.pixel(x: x, y: Int(b.midY)) == cell)
    }

    struct Sections: View {
        var spacing: ListSectionSpacing?
        var body: some View {
            let list = List {
                Section("First") { Text("one") }
                Section("Second") { Text("two") }
            }
            if let spacing { list.listSectionSpacing(spacing) } else { list }
        }
    }

    @Test func sectionsAreSpacedAsAsked() {
        func gap(_ spacing: ListSectionSpacing?) -> CGFloat {
            let host = TestHost(rootView: Sections(spacing: spacing), width: 320, height: 400)
            host.runFrame()
            guard let header = host.frame(ofText: "SECOND") ?? host.frame(ofText: "Second"), let row = host.frame(ofText: "one") else {
                Issue.record("texts: \(host.visibleTexts)")
                return -1
            }
            return header.minY - row.maxY
        }
        let standard = gap(nil)
        #expect(gap(.default) == standard)
        #expect(gap(.custom(60)) == standard + 60 - 24)
        #expect(gap(.compact) == standard - 12)
    }

    struct LongList: View {
        var body: some View {
            ScrollViewReader { proxy in
                VStack(spacing: 0) {
                    Button("Go") { proxy.scrollTo(300, anchor: .top) }.frame(height: 40)
                    List(0..<1000, id: \.self) { i in Text("Item \(i)") }.listRowSpacing(10)
                }
            }
        }
    }

    @Test func lazyRowsFarDownAreMadeAndSpaced() {
        let host = TestHost(rootView: LongList(), width: 320, height: 400)
        host.runFrame()
        host.tap(text: "Go")
        host.runFrame()
        let f = host.frame(ofText: "Item 300"), next = host.frame(ofText: "Item 301")
        #expect(f != nil && next != nil)
        if let f, let next {
            #expect(f.minY > 40 && f.minY < 40 + 44, "\(f)")
            let first = TestHost(rootView: LongList(), width: 320, height: 400)
            first.runFrame()
            #expect(next.minY - f.minY == first.frame(ofText: "Item 1")!.minY - first.frame(ofText: "Item 0")!.minY)
        }
    }
}
