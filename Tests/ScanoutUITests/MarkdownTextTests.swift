import Observation
import Testing
@testable import ScanoutUI
import ScanoutRender
import ScanoutTesting

/// Inline Markdown in a `Text` made from a key, as SwiftUI reads it: the parser's pairing rules, then what a
/// screen draws (bold, italic, monospaced, struck through, links in the tint that open through `openURL`).
@MainActor
struct MarkdownTextTests {
    typealias Style = InlineMarkdown.Style

    private func runs(_ s: String) -> [(String, String)] {
        InlineMarkdown.runs(of: s).map { run in
            var tags = ""
            if run.style.strong { tags += "b" }
            if run.style.emphasis { tags += "i" }
            if run.style.code { tags += "c" }
            if run.style.strikethrough { tags += "s" }
            if let l = run.style.link { tags += "<\(l)>" }
            return (run.text, tags)
        }
    }

    private func expectRuns(_ s: String, _ expected: [(String, String)], sourceLocation: SourceLocation = #_sourceLocation) {
        let got = runs(s)
        #expect(got.map(\.0) == expected.map(\.0) && got.map(\.1) == expected.map(\.1),
                "\(s): \(got)", sourceLocation: sourceLocation)
    }

    @Test func emphasisStrongAndBoth() {
        expectRuns("Flow **rate** is *high*", [("Flow ", ""), ("rate", "b"), (" is ", ""), ("high", "i")])
        expectRuns("__bold__ and _it_", [("bold", "b"), (" and ", ""), ("it", "i")])
        expectRuns("***both***", [("both", "bi")])
        expectRuns("**bold *and italic* bold**", [("bold ", "b"), ("and italic", "bi"), (" bold", "b")])
        expectRuns("*a**", [("a", "i"), ("*", "")])
        expectRuns("**a*", [("*", ""), ("a", "i")])
    }

    @Test func whatIsNotMarkupStaysAsWritten() {
        expectRuns("tank_level_1 and snake_case", [("tank_level_1 and snake_case", "")])
        expectRuns("5 * 3 * 2", [("5 * 3 * 2", "")])
        expectRuns("~5 min to ~10 min", [("~5 min to ~10 min", "")])
        expectRuns("** not bold **", [("** not bold **", "")])
        expectRuns("# Title\n- item  two", [("# Title\n- item  two", "")])  // inline only, spaces kept
        expectRuns("[x] done, a < b > c", [("[x] done, a < b > c", "")])
        expectRuns("\\*literal\\* and \\_this\\_", [("*literal* and _this_", "")])
        expectRuns("`unclosed and *closed*", [("`unclosed and ", ""), ("closed", "i")])
        expectRuns("R&amp;D", [("R&amp;D", "")])
    }

    @Test func codeStrikethroughAndLinks() {
        expectRuns("Run `make *all*` now", [("Run ", ""), ("make *all*", "c"), (" now", "")])
        expectRuns("`` a ` b ``", [("a ` b", "c")])
        expectRuns("~~old~~ new ~gone~", [("old", "s"), (" new ", ""), ("gone", "s")])
        expectRuns("~~mixed~", [("~~mixed~", "")])
        expectRuns("See [the **manual**](https://example.com/m \"Manual\") now",
                   [("See ", ""), ("the ", "<https://example.com/m>"), ("manual", "b<https://example.com/m>"), (" now", "")])
        expectRuns("<https://example.com/a?b=c>", [("https://example.com/a?b=c", "<https://example.com/a?b=c>")])
        expectRuns("[no link] (here)", [("[no link] (here)", "")])
        expectRuns("*[a*](u)", [("*", ""), ("a*", "<u>")])  // the link's brackets come first
    }

    @Test func interpolatedValuesAreNeverMarkup() {
        let name = "**Ana**_x_"
        let key: LocalizedStringKey = "Hello, **\(name)**"
        expectRuns(key.markedFallback, [("Hello, ", ""), ("**Ana**_x_", "b")])
        let plain: LocalizedStringKey = "Value: \(name)"
        #expect(!InlineMarkdown.mayContainMarkup(plain.key), "a key without markup is not read at all")
        let host = TestHost(rootView: Text("Value: \(name)"), width: 300, height: 60)
        host.runFrame()
        #expect(host.visibleTexts == ["Value: **Ana**_x_"])
        let verbatim = TestHost(rootView: VStack { Text(verbatim: "**x**"); Text(name) }, width: 300, height: 80)
        verbatim.runFrame()
        #expect(verbatim.visibleTexts == ["**x**", "**Ana**_x_"], "a String is shown as it is")
    }

    private func textRuns(_ host: TestHost) -> [TextRun] {
        host.displayList.items.compactMap { if case .text(let r) = $0 { return r } else { return nil } }
    }

    @Test func aScreenDrawsTheStyles() {
        let host = TestHost(rootView: VStack(alignment: .leading) {
            Text("Flow **rate** is *high*, run `purge` ~~now~~").foregroundColor(.green)
            Text("**Total**")
        }.frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading), width: 600, height: 120)
        host.runFrame()
        #expect(host.frame(ofText: "Flow rate is high, run purge now") != nil && host.frame(ofText: "Total") != nil)
        let runs = textRuns(host)
        func run(_ s: String) -> TextRun? { runs.first { $0.string.contains(s) } }
        let green = Color.green.resolved(in: .light)
        #expect(run("Flow")?.font.weight == .regular && run("Flow")?.color == green)
        #expect(run("rate")?.font.weight == .bold && run("rate")?.color == green, "bold, in the text's colour")
        #expect(run("purge")?.font.monospaced == true)
        #expect(run("Total")?.font.weight == .bold)
        #expect(run("high") != nil && run("high")?.font.weight == .regular)
        // Italic: the italic face, or the upright one sheared (a transform pushed around the run).
        let items = host.displayList.items
        let high = items.firstIndex { if case .text(let r) = $0 { return r.string.contains("high") } else { return false } }!
        var sheared = false
        if case .pushTransform(let t) = items[high - 1] { sheared = t.c != 0 }
        #expect(run("high")!.font.italic || sheared, "slanted")
        #expect(!run("Flow")!.font.italic)
        // A line through "now": a row of green pixels across it (the glyphs alone leave no such row).
        let frame = runs.first { $0.string.contains("now") }!.frame
        let widest = (Int(frame.y)..<Int(frame.y + frame.height)).map { y in
            (Int(frame.x)..<Int(frame.x + frame.width)).filter { host.pixel(x: $0, y: y) == green }.count
        }.max()!
        #expect(Double(widest) > frame.width * 0.8, "struck through: \(widest) of \(frame.width)")
        let purge = runs.first { $0.string.contains("purge") }!.frame
        let widestInPurge = (Int(purge.y)..<Int(purge.y + purge.height)).map { y in
            (Int(purge.x)..<Int(purge.x + purge.width)).filter { host.pixel(x: $0, y: y) == green }.count
        }.max()!
        #expect(Double(widestInPurge) < purge.width * 0.5, "not struck through: \(widestInPurge) of \(purge.width)")
    }

    @Observable final class Opened { var urls: [URL] = [] }

    @Test func aLinkIsTintedAndATapOpensIt() {
        let opened = Opened()
        let host = TestHost(rootView: VStack(alignment: .leading) {
            Text("Read the [manual](https://example.com/manual) first").foregroundColor(.black)
            Text("[Support](https://example.com/help)")
            Spacer()
        }
        .padding()
        .tint(.red)
        .environment(\.openURL, OpenURLAction { url in opened.urls.append(url); return .handled }), width: 480, height: 200)
        host.runFrame()
        let runs = textRuns(host)
        let red = Color.red.resolved(in: .light)
        let manual = runs.first { $0.string.contains("manual") }!
        #expect(manual.color == red, "a link in the tint, whatever the foreground")
        #expect(runs.first { $0.string.contains("Read") }!.color == Color.black.resolved(in: .light))
        // A tap beside the link opens nothing; a tap on it opens it.
        let read = runs.first { $0.string.contains("Read") }!.frame
        host.tap(x: read.x + 5, y: read.y + read.height / 2)
        #expect(opened.urls.isEmpty)
        host.tap(x: manual.frame.x + manual.frame.width / 2, y: manual.frame.y + manual.frame.height / 2)
        #expect(opened.urls == [URL(string: "https://example.com/manual")!])
        let support = runs.first { $0.string.contains("Support") }!.frame
        host.tap(x: support.x + 3, y: support.y + support.height / 2)
        #expect(opened.urls.last == URL(string: "https://example.com/help")!, "a text that is one link")
        // Pressed on the link, lifted elsewhere: nothing.
        host.touchDown(x: manual.frame.x + 2, y: manual.frame.y + manual.frame.height / 2)
        host.runFrame()
        host.touchUp(x: read.x + 2, y: read.y + read.height / 2)
        host.runFrame()
        #expect(opened.urls.count == 2)
    }

    @Test func aTranslationStylesItsOwnWords() {
        let bundle = ScanoutUI.Bundle(path: Self.fixtures + "/app")!
        let view = VStack {
            Text("The **filter** is due", bundle: bundle)
            Text("Hello, **\("Ana")**", bundle: bundle)
        }
        let english = TestHost(rootView: view.environment(\.locale, Locale(identifier: "en")), width: 400, height: 100)
        english.runFrame()
        #expect(english.frame(ofText: "The filter is due") != nil && english.frame(ofText: "Hello, Ana") != nil)
        #expect(textRuns(english).first { $0.string.contains("filter") }?.font.weight == .bold)
        let german = TestHost(rootView: view.environment(\.locale, Locale(identifier: "de")), width: 400, height: 100)
        german.runFrame()
        #expect(german.frame(ofText: "Der Filter ist fällig") != nil && german.frame(ofText: "Hallo, Ana") != nil)
        let runs = textRuns(german)
        #expect(runs.first { $0.string.contains("fällig") }?.font.weight == .bold)
        #expect(runs.first { $0.string.contains("Filter") }?.font.weight == .regular, "italic, not bold, in German")
        #expect(runs.first { $0.string == "Ana" }?.font.weight == .bold)
    }

    @Observable final class Place { var locale = Locale(identifier: "en") }

    @Test func aLocaleChangeReadsTheTranslation() {
        let bundle = ScanoutUI.Bundle(path: Self.fixtures + "/app")!
        let place = Place()
        struct Screen: View {
            let place: Place
            let bundle: ScanoutUI.Bundle
            var body: some View { Unchanged(bundle: bundle).environment(\.locale, place.locale) }
        }
        struct Unchanged: View {
            let bundle: ScanoutUI.Bundle
            var body: some View { VStack { Text("The **filter** is due", bundle: bundle); Text("Settings", bundle: bundle) } }
        }
        let host = TestHost(rootView: Screen(place: place, bundle: bundle), width: 400, height: 60)
        host.runFrame()
        #expect(host.frame(ofText: "The filter is due") != nil)
        place.locale = Locale(identifier: "de")
        host.runFrame()
        #expect(host.frame(ofText: "Einstellungen") != nil)
        #expect(host.frame(ofText: "Der Filter ist fällig") != nil)
        #expect(textRuns(host).first { $0.string.contains("fällig") }?.font.weight == .bold)
    }

    static let fixtures: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(2)
        return parts.joined(separator: "/") + "/Fixtures/localization"
    }()
}
