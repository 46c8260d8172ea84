import Testing
@testable import ScanoutUI
import ScanoutTesting

/// The on-screen keyboard: shown for a focused field, typed on by touch, chosen by the keyboard type, and
/// out of the way of the field it types into.
@Suite @MainActor struct OnScreenKeyboardTests {
    private struct Form: View {
        @State var name = ""
        @State var submitted = "none"
        @FocusState var focused: Bool
        var type = UIKeyboardType.default
        var body: some View {
            VStack {
                Text("name: \(name)")
                Text("submitted: \(submitted)")
                TextField("Name", text: $name)
                    .focused($focused)
                    .keyboardType(type)
                    .submitLabel(.done)
                    .onSubmit { submitted = name }
                Button("Unfocus") { focused = false }
            }
            .frame(width: 300)
        }
    }

    private func settle(_ host: TestHost) { host.advance(seconds: 0.4) }

    /// A `.preferredColorScheme` on the root view is the window's (as in SwiftUI): the keyboard, outside the
    /// app's tree, is drawn dark under a dark root too.
    @Test func theKeyboardFollowsTheRootsPreferredColorScheme() {
        var backgrounds: [Int] = []
        for scheme in [ColorScheme.light, .dark] {
            let host = TestHost(rootView: Form().preferredColorScheme(scheme).onScreenKeyboard(.always), width: 800, height: 480)
            host.runFrame()
            host.tap(text: "Name")
            settle(host)
            #expect(host.contains(text: "q"))
            // The keyboard's bottom-left corner, outside every key: its background.
            let p = host.pixel(x: 1, y: 478)
            backgrounds.append(Int(p.red) + Int(p.green) + Int(p.blue))
        }
        #expect(backgrounds[0] > 500 && backgrounds[1] < 250, "keyboard backgrounds, light then dark: \(backgrounds)")
    }

    @Test func typingOnTheKeysEditsTheBoundString() {
        let host = TestHost(rootView: Form().onScreenKeyboard(.always), width: 800, height: 480)
        host.runFrame()
        #expect(!host.contains(text: "q"), "no keyboard before a field is focused")
        host.tap(text: "Name")
        settle(host)
        #expect(host.contains(text: "q"), "\(host.visibleTexts)")
        host.tap(text: "q")
        host.tap(text: "w")
        #expect(host.contains(text: "name: qw"), "\(host.visibleTexts)")
        host.tap(text: "\u{21E7}")
        #expect(host.contains(text: "E"), "shift shows capitals")
        host.tap(text: "E")
        host.tap(text: "r")
        #expect(host.contains(text: "name: qwEr"), "shift applies to one letter: \(host.visibleTexts)")
        host.tap(text: "\u{232B}")
        #expect(host.contains(text: "name: qwE"))
        host.tap(text: "123")
        host.tap(text: "7")
        host.tap(text: "ABC")
        host.tap(text: "space")
        host.tap(text: "t")
        #expect(host.contains(text: "name: qwE7 t"), "\(host.visibleTexts)")
        host.tap(text: "done")
        settle(host)
        #expect(host.contains(text: "submitted: qwE7 t"), "\(host.visibleTexts)")
        #expect(!host.contains(text: "q"), "submit hides the keyboard")
    }

    @Test func autoModeKeepsAwayWhileAHardwareKeyboardIsAttached() {
        let host = TestHost(rootView: Form().onScreenKeyboard(.auto), width: 800, height: 480)
        host.runFrame()
        host.tap(text: "Name")
        settle(host)
        #expect(host.contains(text: "q"), "no hardware keyboard: the on-screen one comes up")
        host.host.setHardwareKeyboardAttached(true)
        settle(host)
        #expect(!host.contains(text: "q"), "plugged in while typing: it slides away")
        #expect(host.focusedViewName != nil, "the field keeps the focus")
        host.type("ok")
        #expect(host.contains(text: "name: ok"), "\(host.visibleTexts)")
        host.tap(text: "Unfocus")
        settle(host)
        host.tap(text: "ok")
        settle(host)
        #expect(!host.contains(text: "q"), "focused again with the keyboard attached: none")
        host.host.setHardwareKeyboardAttached(false)
        settle(host)
        #expect(host.contains(text: "q"), "the last keyboard unplugged: it comes up for the focused field")
    }

    /// An app's own keyboard in place of Scanout's: shown for the focused field, typing through the proxy.
    private struct OwnKeyboard: View {
        let proxy: OnScreenKeyboardProxy
        var body: some View {
            HStack(spacing: 8) {
                Button("one") { proxy.insert("1") }
                Button("two") { proxy.insert("2") }
                Button("erase") { proxy.deleteBackward() }
                Button(proxy.submitLabel == .done ? "finish" : "enter") { proxy.submit() }
                Button("hide") { proxy.dismiss() }
                Text(proxy.keyboardType == .numberPad ? "digits" : "any")
            }
            .frame(height: 80)
        }
    }

    @Test func anAppsOwnKeyboardTypesThroughTheProxy() {
        let root = Form(type: .numberPad)
            .onScreenKeyboard(.auto) { proxy in OwnKeyboard(proxy: proxy) }
            .onScreenKeyboard(.always)  // the window's: the app's own is nearer to the field
        let host = TestHost(rootView: root, width: 800, height: 480)
        host.runFrame()
        #expect(!host.contains(text: "one"))
        host.tap(text: "Name")
        settle(host)
        #expect(host.contains(text: "one") && host.contains(text: "digits") && host.contains(text: "finish"), "\(host.visibleTexts)")
        #expect(!host.contains(text: "q"), "Scanout's keyboard is not shown as well")
        let keyboard = host.frame(ofText: "one")
        #expect(keyboard.map { $0.maxY > 400 } == true, "along the bottom edge: \(String(describing: keyboard))")
        host.tap(text: "one")
        host.tap(text: "two")
        host.tap(text: "two")
        host.tap(text: "erase")
        #expect(host.contains(text: "name: 12"), "\(host.visibleTexts)")
        #expect(host.focusedViewName != nil, "tapping its keys keeps the field focused")
        host.tap(text: "finish")
        settle(host)
        #expect(host.contains(text: "submitted: 12"), "\(host.visibleTexts)")
        #expect(!host.contains(text: "one"), "submit puts it away")
        host.tap(text: "12")
        settle(host)
        #expect(host.contains(text: "one"))
        host.tap(text: "hide")
        settle(host)
        #expect(host.focusedViewName == nil && !host.contains(text: "one"), "dismiss takes the focus: \(host.visibleTexts)")
    }

    @Test func theStyleSetsTheKeysSize() {
        // The content is centred in the space above the keyboard: a taller keyboard moves it up by half the
        // difference (four rows, 12 points each: 24 points).
        func contentTop(_ style: OnScreenKeyboardStyle) -> CGFloat? {
            let host = TestHost(rootView: Form().onScreenKeyboardStyle(style).onScreenKeyboard(.always), width: 800, height: 480)
            host.runFrame()
            host.tap(text: "Name")
            settle(host)
            return host.frame(ofText: "submitted: none").map(\.minY)
        }
        var tall = OnScreenKeyboardStyle()
        tall.keyHeight = 60
        let normal = contentTop(.automatic), taller = contentTop(tall)
        #expect(normal != nil && taller != nil)
        if let normal, let taller { #expect(normal - taller == 24, "\(normal) vs \(taller)") }
    }

    @Test func losingFocusHidesTheKeyboardAndNeverModeNeverShowsIt() {
        let host = TestHost(rootView: Form().onScreenKeyboard(.always), width: 800, height: 480)
        host.runFrame()
        host.tap(text: "Name")
        settle(host)
        #expect(host.contains(text: "q"))
        host.tap(text: "Unfocus")
        settle(host)
        #expect(!host.contains(text: "q"), "\(host.visibleTexts)")

        let never = TestHost(rootView: Form().onScreenKeyboard(.never), width: 800, height: 480)
        never.runFrame()
        never.tap(text: "Name")
        settle(never)
        #expect(never.focusedViewName != nil)
        #expect(!never.contains(text: "q"))
    }

    @Test func theKeyboardTypeChoosesThePad() {
        let host = TestHost(rootView: Form(type: .numberPad).onScreenKeyboard(.always), width: 800, height: 480)
        host.runFrame()
        host.tap(text: "Name")
        settle(host)
        #expect(!host.contains(text: "q"))
        host.tap(text: "4")
        host.tap(text: "2")
        #expect(host.contains(text: "name: 42"))

        let phone = TestHost(rootView: Form(type: .phonePad).onScreenKeyboard(.always), width: 800, height: 480)
        phone.runFrame()
        phone.tap(text: "Name")
        settle(phone)
        phone.tap(text: "+")
        phone.tap(text: "1")
        #expect(phone.contains(text: "name: +1"))
    }

    @Test func backspaceRepeatsWhileHeld() {
        let host = TestHost(rootView: Form().onScreenKeyboard(.always), width: 800, height: 480)
        host.runFrame()
        host.tap(text: "Name")
        settle(host)
        // The key, not the field's text (which becomes "a" too): the keyboard draws last.
        let a = host.displayList.textRuns.last { $0.run.string == "a" }!.frame
        for _ in 0..<20 { host.tap(x: a.midX, y: a.midY) }
        #expect(host.contains(text: "name: " + String(repeating: "a", count: 20)))
        let key = host.displayList.textRuns.first { $0.run.string == "\u{232B}" }!.frame
        host.touchDown(x: key.midX, y: key.midY)
        host.runFrame()
        #expect(host.contains(text: "name: " + String(repeating: "a", count: 19)), "one on the way down")
        host.advance(seconds: 0.45)
        #expect(host.contains(text: "name: " + String(repeating: "a", count: 19)), "no repeat before the delay")
        host.advance(seconds: 0.55)  // 1 s held: 0.5 s delay, then every 0.1 s
        host.touchUp(x: key.midX, y: key.midY)
        host.runFrame()
        let left = host.visibleTexts.first { $0.hasPrefix("name: ") }!.count - 6
        #expect((12...14).contains(left), "about 6 repeats in the half second after the delay: \(left) left")
        host.advance(seconds: 0.5)
        #expect(host.visibleTexts.first { $0.hasPrefix("name: ") }!.count - 6 == left, "no repeat after the finger lifts")
    }

    private struct LongForm: View {
        @State var text = ""
        var body: some View {
            ScrollView {
                VStack(spacing: 20) {
                    ForEach(0..<6) { i in Text("row \(i)").frame(height: 40) }
                    TextField("Bottom field", text: $text)
                    Text("value: \(text)")
                }
                .frame(width: 400)
            }
        }
    }

    @Test func aFieldNearTheBottomOfAScrollViewStaysVisibleAboveTheKeyboard() {
        let host = TestHost(rootView: LongForm().onScreenKeyboard(.always), width: 800, height: 480)
        host.runFrame()
        #expect(host.contains(text: "Bottom field"))
        host.tap(text: "Bottom field")
        settle(host)
        let keyTop = host.displayList.textRuns.first { $0.run.string == "q" }?.frame.minY ?? 0
        let field = host.displayList.textRuns.first { $0.run.string == "Bottom field" }
        #expect(field != nil)
        if let field { #expect(field.frame.maxY < keyTop - 6, "the field is above the keyboard: \(field.frame) keys from \(keyTop)") }
        host.tap(text: "o")
        host.tap(text: "k")
        #expect(host.contains(text: "value: ok") || host.visibleTexts.contains("ok"))
    }
}

/// Layouts other than en-US, and long-press alternates.
@Suite @MainActor struct OnScreenKeyboardLayoutTests {
    private struct Field: View {
        @State var text = ""
        var body: some View {
            VStack {
                Text("text: \(text)")
                TextField("Field", text: $text)
            }
            .frame(width: 300)
        }
    }

    private func focused(_ layout: OnScreenKeyboardLayout) -> TestHost {
        let host = TestHost(rootView: Field().environment(\.onScreenKeyboardLayout, layout).onScreenKeyboard(.always), width: 800, height: 480)
        host.runFrame()
        host.tap(text: "Field")
        host.advance(seconds: 0.4)
        return host
    }

    @Test func theLocaleChoosesTheLayoutUnlessOneIsSet() {
        func keys(_ field: some View) -> TestHost {
            let host = TestHost(rootView: field.onScreenKeyboard(.always), width: 800, height: 480)
            host.runFrame()
            host.tap(text: "Field")
            host.advance(seconds: 0.4)
            return host
        }
        let german = keys(Field().environment(\.locale, Locale(identifier: "de_AT")))
        german.tap(text: "ü")
        #expect(german.contains(text: "text: ü"), "German gets QWERTZ: \(german.visibleTexts)")
        let russian = keys(Field().environment(\.locale, Locale(identifier: "ru")))
        russian.tap(text: "ж")
        #expect(russian.contains(text: "text: ж"), "\(russian.visibleTexts)")
        let set = keys(Field().environment(\.onScreenKeyboardLayout, .frFR).environment(\.locale, Locale(identifier: "de")))
        set.tap(text: "a")
        set.tap(text: "z")
        #expect(set.contains(text: "text: az"), "a layout set wins over the locale: \(set.visibleTexts)")
        var env = EnvironmentValues()
        env.locale = Locale(identifier: "ja_JP")
        #expect(env.onScreenKeyboardLayout == .enUS, "a language without a layout: en-US")
    }

    @Test func germanFrenchAndRussianLayoutsType() {
        let de = focused(.deDE)
        de.tap(text: "z")
        de.tap(text: "ü")
        de.tap(text: "ä")
        #expect(de.contains(text: "text: züä"), "\(de.visibleTexts)")

        let fr = focused(.frFR)
        #expect(fr.visibleTexts.firstIndex(of: "a")! < fr.visibleTexts.firstIndex(of: "q")!, "AZERTY: a before q")
        fr.tap(text: "a")
        fr.tap(text: "z")
        #expect(fr.contains(text: "text: az"))

        let ru = focused(.ruRU)
        ru.tap(text: "п")
        ru.tap(text: "\u{21E7}")
        ru.tap(text: "Р")
        #expect(ru.contains(text: "text: пР"), "\(ru.visibleTexts)")
    }

    @Test func layoutsComeFromLocaleIdentifiers() {
        #expect(OnScreenKeyboardLayout(localeIdentifier: "de_DE") == .deDE)
        #expect(OnScreenKeyboardLayout(localeIdentifier: "fr-CA") == .frFR)
        #expect(OnScreenKeyboardLayout(localeIdentifier: "ru") == .ruRU)
        #expect(OnScreenKeyboardLayout(localeIdentifier: "ja_JP") == nil)
    }

    @Test func aLongPressOffersAlternates() {
        let host = focused(.enUS)
        let e = host.displayList.textRuns.last { $0.run.string == "e" }!.frame
        host.touchDown(x: e.midX, y: e.midY)
        host.runFrame()
        host.advance(seconds: 0.3)
        #expect(!host.contains(text: "é"), "not before the long-press delay")
        host.advance(seconds: 0.3)
        let acute = host.displayList.textRuns.last { $0.run.string == "é" }?.frame
        #expect(acute != nil, "\(host.visibleTexts)")
        if let acute {
            host.touchMove(x: acute.midX, y: e.midY)
            host.runFrame()
            host.touchUp(x: acute.midX, y: e.midY)
            host.runFrame()
        }
        #expect(host.contains(text: "text: é"), "\(host.visibleTexts)")
        let e2 = host.displayList.textRuns.last { $0.run.string == "e" }!.frame
        host.tap(x: e2.midX, y: e2.midY)
        #expect(host.contains(text: "text: ée"), "a short tap types the letter")
    }
}

/// `textInputAutocapitalization` turns the keyboard's shift on where a capital is due.
@Suite @MainActor struct AutocapitalizationTests {
    private struct Field: View {
        @State var text = ""
        var body: some View {
            VStack {
                Text("text: \(text)")
                TextField("Field", text: $text)
                    .textInputAutocapitalization(.sentences)
                    .autocorrectionDisabled()
                    .textContentType(.name)
            }
            .frame(width: 300)
        }
    }

    @Test func sentencesStartWithACapital() {
        let host = TestHost(rootView: Field().onScreenKeyboard(.always), width: 800, height: 480)
        host.runFrame()
        host.tap(text: "Field")
        host.advance(seconds: 0.4)
        #expect(host.contains(text: "H"), "shifted at the start: \(host.visibleTexts)")
        host.tap(text: "H")
        host.tap(text: "i")
        #expect(host.contains(text: "text: Hi"), "\(host.visibleTexts)")
        host.tap(text: "123")
        host.tap(text: ".")
        host.tap(text: "ABC")
        host.tap(text: "space")
        host.tap(text: "O")
        #expect(host.contains(text: "text: Hi. O"), "\(host.visibleTexts)")
    }

    @Test func theRuleReadsTheTextBeforeTheCaret() {
        #expect(TextInputAutocapitalization.sentences.capitalizesNext(after: ""))
        #expect(!TextInputAutocapitalization.sentences.capitalizesNext(after: "Hi there"))
        #expect(TextInputAutocapitalization.sentences.capitalizesNext(after: "Hi. "))
        #expect(!TextInputAutocapitalization.sentences.capitalizesNext(after: "Hi."), "after the space, not before it")
        #expect(TextInputAutocapitalization.words.capitalizesNext(after: "Ada "))
        #expect(!TextInputAutocapitalization.never.capitalizesNext(after: ""))
        #expect(TextInputAutocapitalization.characters.capitalizesNext(after: "AB"))
    }
}
