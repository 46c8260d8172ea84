import Foundation
import Testing
import ScanoutUI
import ScanoutTesting
import ScanoutRaster
import ScanoutRender
import ScanoutImage
import GoldenImages

/// `Image(systemName:)`: the symbol set drawn from Material Icons, sized by the font and `.imageScale`,
/// in the foreground colour; unknown names draw a placeholder and log once.
@Suite @MainActor struct SystemImageTests {
    private static func ink(_ host: TestHost, in rect: ScanoutUI.CGRect, where test: (RGBA) -> Bool) -> Int {
        var n = 0
        for y in max(0, Int(rect.minY))..<Int(rect.maxY) { for x in max(0, Int(rect.minX))..<Int(rect.maxX) where test(host.pixel(x: x, y: y)) { n += 1 } }
        return n
    }

    @Test func everySupportedNameHasAGlyphInTheFont() {
        #expect(Image.systemNames.count >= 150)
        for name in ["house", "gear", "bolt", "thermometer", "wifi", "battery.50", "lock", "bell", "chevron.right", "plus",
                     "minus", "xmark", "checkmark", "play.fill", "pause", "stop", "power", "trash", "pencil",
                     "exclamationmark.triangle", "info.circle"] {
            #expect(Image.systemNames.contains(name), "\(name)")
        }
        let host = TestHost(rootView: VStack { ForEach(Image.systemNames, id: \.self) { Image(systemName: $0) } }, width: 100, height: 100)
        host.runFrame()
        #expect(host.warnings.isEmpty, "\(host.warnings)")
    }

    @Test func symbolsFollowTheFontImageScaleAndForegroundStyle() throws {
        let host = TestHost(rootView: HStack(spacing: 0) {
            Image(systemName: "house").layoutProbe("body")
            Image(systemName: "house").font(.largeTitle).foregroundStyle(.red).layoutProbe("title")
            Image(systemName: "house").imageScale(.large).layoutProbe("large")
            Image(systemName: "house").imageScale(.small).layoutProbe("small")
        }, width: 300, height: 100)
        host.runFrame()
        let body = try #require(host.frame(ofProbe: "body")), title = try #require(host.frame(ofProbe: "title"))
        let large = try #require(host.frame(ofProbe: "large")), small = try #require(host.frame(ofProbe: "small"))
        #expect(body.width == body.height && body.height > 17 && body.height < 24)
        #expect(title.height > 2 * body.height - 4)
        #expect(small.height < body.height && body.height < large.height)
        #expect(Self.ink(host, in: body) { $0.red < 80 && $0.green < 80 } > 30)  // primary: black
        #expect(Self.ink(host, in: title) { $0.red > 200 && $0.green < 100 } > 100)  // red
    }

    /// In right to left, directional symbols (a bulleted list, forward chevrons) are drawn mirrored, as SF Symbols
    /// does; a symbol with a fixed direction (chevron.right) is not.
    @Test func directionalSymbolsMirrorInRightToLeft() throws {
        func ink(_ name: String, _ direction: LayoutDirection) throws -> (host: TestHost, frame: ScanoutUI.CGRect) {
            let host = TestHost(rootView: Image(systemName: name).font(.system(size: 40)).layoutProbe("s")
                .environment(\.layoutDirection, direction), width: 100, height: 100)
            host.runFrame()
            return (host, try #require(host.frame(ofProbe: "s")))
        }
        for (name, mirrored) in [("list.bullet", true), ("chevron.forward", true), ("chevron.right", false)] {
            let ltr = try ink(name, .leftToRight), rtl = try ink(name, .rightToLeft)
            var same = 0, asMirror = 0, inked = 0
            let f = ltr.frame
            for y in Int(f.minY)..<Int(f.maxY) {
                for x in Int(f.minX)..<Int(f.maxX) {
                    let a = ltr.host.pixel(x: x, y: y).red < 128
                    let mx = Int(f.minX) + Int(f.maxX) - 1 - x
                    if a { inked += 1 }
                    if a && rtl.host.pixel(x: x, y: y).red < 128 { same += 1 }
                    if a && rtl.host.pixel(x: mx, y: y).red < 128 { asMirror += 1 }
                }
            }
            #expect(inked > 50)
            if mirrored {
                #expect(asMirror >= inked * 98 / 100 && same < inked * 95 / 100, "\(name): \(inked) inked, \(asMirror) as a mirror, \(same) the same")
            } else {
                #expect(same == inked, "\(name): drawn the same in both directions")
            }
        }
    }

    @Test func anUnknownNameDrawsAPlaceholderAndLogsOnce() throws {
        struct Twice: View {
            @State var n = 0
            var body: some View {
                VStack {
                    Image(systemName: "flux.capacitor").layoutProbe("unknown")
                    Image(systemName: "flux.capacitor")
                    Button("again \(n)") { n += 1 }
                }
            }
        }
        let host = TestHost(rootView: Twice(), width: 200, height: 200)
        host.runFrame()
        host.tap(text: "again 0")
        let f = try #require(host.frame(ofProbe: "unknown"))
        #expect(f.width > 10)
        #expect(Self.ink(host, in: f) { $0.red < 128 } > 20)
        #expect(host.warnings.count == 1)
        #expect(host.warnings.first?.contains("flux.capacitor") == true)
    }

    @Test func aLabelWithASystemImage() throws {
        let host = TestHost(rootView: Label("Home", systemImage: "house").layoutProbe("label"), width: 200, height: 60)
        host.runFrame()
        let text = try #require(host.frame(ofText: "Home"))
        let label = try #require(host.frame(ofProbe: "label"))
        #expect(text.minX - label.minX > 20)  // the icon leads
        #expect(Self.ink(host, in: ScanoutUI.CGRect(x: label.minX, y: label.minY, width: 20, height: label.height)) { $0.red < 80 } > 20)
    }

    /// Every supported symbol, in name order, 24 to a row.
    @Test func symbolSheetGolden() throws {
        let names = Image.systemNames
        let host = TestHost(rootView: VStack(alignment: .leading, spacing: 8) {
            ForEach(0..<(names.count + 23) / 24) { row in
                HStack(spacing: 8) {
                    ForEach(row * 24..<min(names.count, row * 24 + 24)) { i in Image(systemName: names[i]).frame(width: 24, height: 24) }
                }
            }
        }.padding(8).frame(width: 800, height: 480, alignment: .topLeading), width: 800, height: 480)
        host.runFrame()
        let url = GoldenImage.goldensFolder.appendingPathComponent("ui-symbols-sheet.png")
        if ProcessInfo.processInfo.environment["SCANOUT_RECORD_GOLDENS"] == "1" {
            try host.writePNG(to: url.path)
            Issue.record("recorded \(url.path); look at it, then run the tests without SCANOUT_RECORD_GOLDENS")
            return
        }
        let expected = try ImageDecoder.load(contentsOfFile: url.path)
        let d = GoldenImage.difference(host.framebuffer, expected, over: GoldenTolerance.standard.maxChannelDelta)
        #expect(d.pixelsOver == 0, "ui-symbols-sheet: \(d.pixelsOver) pixels differ (max \(d.maxDelta))")
    }

    /// The symbol font is compiled in (so a board's Debian release cannot change how symbols look, and no font
    /// package is needed): the face symbols draw with is read from memory, never from a font file.
    @Test func symbolsDrawWithTheCompiledInFont() {
        #expect(TextEngine.shared.facePath(FontDescriptor.symbols(size: 24)) == "\(TextEngine.symbolFontName)#0")
        let host = TestHost(rootView: Image(systemName: "bolt.fill").font(.system(size: 40)), width: 60, height: 60)
        host.runFrame()
        #expect(host.warnings.isEmpty, "\(host.warnings)")
        #expect(Self.ink(host, in: ScanoutUI.CGRect(x: 0, y: 0, width: 60, height: 60)) { $0.alpha > 0 && $0.red < 64 } > 200)
    }
}
