import Testing
import ScanoutUI
import ScanoutTesting
import ScanoutRender

/// Text + Text, underline/strikethrough/italic, textCase, lineSpacing, truncationMode, minimumScaleFactor.
@MainActor
struct TextStylingTests {
    private func runs(_ host: TestHost) -> [TextRun] { host.displayList.textRuns.map(\.run) }

    @Test func joinedTextsKeepTheirStylesOnOneBaseline() async {
        let host = TestHost(rootView: Text("Speed ") + Text("820").bold() + Text(" rpm"), width: 400, height: 100)
        host.runFrame()
        let r = runs(host)
        #expect(r.map(\.string) == ["Speed ", "820", " rpm"])
        #expect(r.map(\.font.weight) == [.regular, .bold, .regular])
        #expect(Set(r.map(\.origin.y)).count == 1, "one baseline")
        #expect(r[0].origin.x < r[1].origin.x && r[1].origin.x < r[2].origin.x)
        #expect(host.frame(ofText: "Speed 820 rpm") != nil, "found by its whole string")
    }

    @Test func joinedTextsWrapAsOneParagraphAndStyleWhole() async {
        let text = (Text("Pressure in tank two ") + Text("is rising").bold() + Text(" quickly")).foregroundColor(.red)
        let host = TestHost(rootView: text.frame(width: 120), width: 400, height: 300)
        host.runFrame()
        let r = runs(host)
        #expect(Set(r.map(\.origin.y)).count >= 3, "wrapped onto several lines: \(r.map(\.string))")
        #expect(r.allSatisfy { $0.color.red > 200 && $0.color.green < 100 }, "the colour applies to every part")
        #expect(r.allSatisfy { $0.frame.minX >= 140 - 0.5 && $0.frame.maxX <= 260 + 0.5 }, "within the 120-point frame (centred at x 140...260)")
    }

    @Test func decorationsAndSlant() async {
        let host = TestHost(rootView: VStack {
            Text("Under").underline().font(.system(size: 28))
            Text("Struck").strikethrough(color: .red).font(.system(size: 28))
            Text("Leaning").italic()
            Text("Slanted").italic().font(.custom("No Such Family For Slant", size: 17))
        }.background(Color.white), width: 300, height: 200)
        host.runFrame()
        let under = host.frame(ofText: "Under")!, struck = host.frame(ofText: "Struck")!
        // A line below the baseline of "Under", spanning its width: dark pixels in a row under the glyphs.
        let baselineish = Int(under.minY + under.height * 0.78)
        let underlineRow = (baselineish...Int(under.maxY)).contains { y in
            (Int(under.minX) + 2..<Int(under.maxX) - 2).allSatisfy { host.pixel(x: $0, y: y).red < 100 }
        }
        #expect(underlineRow, "an unbroken dark row under the word")
        let redRow = (Int(struck.minY)...Int(struck.maxY)).contains { y in
            (Int(struck.minX) + 2..<Int(struck.maxX) - 2).allSatisfy { let p = host.pixel(x: $0, y: y); return p.red > 200 && p.green < 100 }
        }
        #expect(redRow, "a red line through the word")
        // The italic word is drawn in DejaVu Sans Oblique (fonts-dejavu-extra), upright run, no shear.
        let list = host.displayList
        let i = list.items.firstIndex { if case .text(let run) = $0 { return run.string == "Leaning" } else { return false } }!
        if case .text(let run) = list.items[i] { #expect(run.font.italic && TextEngine.shared.hasItalicFace(run.font)) }
        if case .pushTransform = list.items[i - 1] { Issue.record("an italic face needs no shear") }
        // A family without an italic face (here: none installed, DejaVu Sans Book drawn) is slanted through a shear.
        let j = list.items.firstIndex { if case .text(let run) = $0 { return run.string == "Slanted" } else { return false } }!
        if case .pushTransform(let t) = list.items[j - 1] { #expect(t.c < 0, "sheared: \(t)") } else { Issue.record("no transform around the slanted run") }
    }

    @Test func textCaseAndLineSpacing() async {
        let host = TestHost(rootView: VStack {
            Text("Alarm").textCase(.uppercase)
            Text("one two three four five six").frame(width: 60).lineSpacing(10)
        }, width: 300, height: 300)
        host.runFrame()
        #expect(host.visibleTexts.contains("ALARM"))
        let plain = TestHost(rootView: Text("one two three four five six").frame(width: 60), width: 300, height: 300)
        plain.runFrame()
        let spaced = host.frame(ofText: "one two three four five six")!, tight = plain.frame(ofText: "one two three four five six")!
        let lines = Set(runs(plain).map(\.origin.y)).count
        #expect(lines >= 3)
        #expect(abs(Double(spaced.height - tight.height) - Double(10 * (lines - 1))) <= 1, "\(spaced.height) vs \(tight.height) over \(lines) lines")
    }

    @Test func truncationModes() async {
        func shown(_ mode: Text.TruncationMode) -> String {
            let host = TestHost(rootView: Text("Conveyor belt 7 north section").lineLimit(1).truncationMode(mode).frame(width: 150), width: 300, height: 100)
            host.runFrame()
            return host.visibleTexts.joined()
        }
        let tail = shown(.tail), head = shown(.head), middle = shown(.middle)
        #expect(tail.hasSuffix("…") && tail.hasPrefix("Conveyor"), "\(tail)")
        #expect(head.hasPrefix("…") && head.hasSuffix("section"), "\(head)")
        #expect(middle.contains("…") && middle.hasPrefix("Con") && middle.hasSuffix("on"), "\(middle)")
    }

    @Test func minimumScaleFactorShrinksBeforeCutting() async {
        let host = TestHost(rootView: Text("Temperature 21.5 °C").font(.system(size: 20)).lineLimit(1).minimumScaleFactor(0.5).frame(width: 120),
                            width: 300, height: 100)
        host.runFrame()
        let r = runs(host)
        #expect(r.count == 1)
        #expect(r[0].string == "Temperature 21.5 °C", "not cut")
        #expect(r[0].font.size < 20 && r[0].font.size >= 10, "shrunk: \(r[0].font.size)")
        #expect(r[0].frame.width <= 120.5)
    }
}

/// The styles above together at 800x480, light and dark.
@MainActor
struct TextStylingGoldenTests {
    struct Screen: View {
        var body: some View {
            VStack(alignment: .leading, spacing: 14) {
                Text("Line 3 ") + Text("running").bold().foregroundColor(.green) + Text(" at ") + Text("820 rpm").font(.title2.bold())
                Text("Filter change due").underline() + Text(" — ") + Text("overdue by 3 days").italic().foregroundColor(.red)
                Text("Old setpoint 72 °C").strikethrough()
                Text("section header").textCase(.uppercase).font(.footnote).foregroundStyle(.secondary)
                Text("A long note about the morning shift that wraps over several lines with extra spacing between them.")
                    .lineSpacing(8).frame(width: 360, alignment: .leading)
                HStack {
                    Text("Conveyor belt 7 north section").lineLimit(1).truncationMode(.middle).frame(width: 180)
                    Text("Temperature 21.5 °C").font(.title).lineLimit(1).minimumScaleFactor(0.5).frame(width: 160)
                }
            }
            .padding(24)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }

    @Test func goldens() { expectContainerGoldens("ui-text-styles", { Screen() }) }
}

/// `tracking(_:)` and `kerning(_:)`, on a text and on a view: every character gets the extra space, in the
/// measured width as in the drawing; wrapping counts it; shaped scripts are not spaced out.
@MainActor
struct TextTrackingTests {
    private func width(_ text: some View) -> Double {
        let host = TestHost(rootView: text.fixedSize().layoutProbe("t"), width: 800, height: 200)
        host.runFrame()
        return Double(host.frame(ofProbe: "t")?.width ?? -1)
    }

    @Test func trackingWidensTheTextByItsCharacters() {
        let plain = width(Text("Pressure")), tracked = width(Text("Pressure").tracking(3))
        #expect(abs((tracked - plain) - 8 * 3) <= 1, "eight characters, 3 points each: \(plain) → \(tracked)")
        #expect(width(Text("Pressure").kerning(3)) == tracked)
        #expect(width(Text("Pressure").tracking(-1)) < plain)
        #expect(width(VStack { Text("Pressure") }.tracking(3)) == tracked, "on a view, for the texts in it")
        #expect(width(VStack { Text("Pressure").tracking(0) }.tracking(3)) == plain, "the text's own wins")
    }

    @Test func theDrawnGlyphsAreSpacedAsMeasured() {
        func host(_ text: Text) -> TestHost {
            let h = TestHost(rootView: text.fixedSize().frame(maxWidth: .infinity, alignment: .leading), width: 200, height: 100)
            h.background = .white
            h.runFrame()
            return h
        }
        let tracked = host(Text("AB").tracking(10)), plain = host(Text("AB"))
        let run = tracked.displayList.textRuns.first { $0.run.string == "AB" }
        #expect(run?.run.font.tracking == 10)
        // The B is drawn 10 points further right: the rightmost inked column moves by 10.
        func rightmostInk(_ h: TestHost) -> Int {
            var last = 0
            for y in 0..<100 { for x in 0..<200 where h.pixel(x: x, y: y).red < 128 { last = max(last, x) } }
            return last
        }
        #expect(rightmostInk(tracked) - rightmostInk(plain) == 10)
    }

    @Test func wrappingCountsTheTracking() {
        let text = "one two three four five six"
        let host = TestHost(rootView: VStack {
            Text(text).frame(width: 200).layoutProbe("plain")
            Text(text).tracking(10).frame(width: 200).layoutProbe("tracked")
        }, width: 400, height: 300)
        host.runFrame()
        let plain = host.frame(ofProbe: "plain")?.height ?? 0, tracked = host.frame(ofProbe: "tracked")?.height ?? 0
        #expect(tracked > plain, "more lines when spaced out: \(plain) vs \(tracked)")
    }

    @Test func shapedScriptsAreNotSpacedOut() {
        #expect(width(Text("مرحبا").tracking(5)) == width(Text("مرحبا")))
    }
}

/// Tracking at 800x480, light and dark: headers spaced out, a tight title, a view's kerning, a wrapped
/// paragraph, a joined text with one part tracked, and Arabic left as shaped.
@MainActor
struct TextTrackingGoldenTests {
    struct Screen: View {
        var body: some View {
            VStack(alignment: .leading, spacing: 14) {
                Text("line status").textCase(.uppercase).font(.footnote.bold()).tracking(2).foregroundStyle(.secondary)
                Text("Boiler B1").font(.largeTitle).tracking(-1)
                VStack(alignment: .leading) {
                    Text("Pump P-11")
                    Text("Valve V3")
                }
                .kerning(4)
                Text("Spaced paragraph text that wraps over more than one line at this width.").tracking(1.5)
                    .frame(width: 360, alignment: .leading)
                Text("Setpoint ") + Text("72 °C").tracking(6).bold()
                Text("مرحبا بالعالم").tracking(5)
            }
            .padding(24)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }

    @Test func goldens() { expectContainerGoldens("ui-text-tracking", { Screen() }) }
}
