import Testing
import ScanoutUI
import ScanoutTesting
import ScanoutRender

/// A field editing `text`, identified by `id`, under a line that shows the bound string.
private struct EditedText: View {
    @State var text: String
    let id: String
    init(_ text: String, id: String) { _text = State(initialValue: text); self.id = id }
    var body: some View {
        VStack(alignment: .leading) {
            Text("text: \(text)")
            TextField("Words", text: $text).accessibilityIdentifier(id).frame(width: 300)
        }
        .frame(width: 400, height: 200, alignment: .topLeading)
    }
}

/// `TextField`, `SecureField`, `@FocusState` and `onSubmit` driven as a user would: taps and key presses.
@Suite @MainActor struct TextFieldTests {
    private enum Field: Hashable { case name, pin }

    private struct Login: View {
        @State var name = ""
        @State var pin = ""
        @State var submitted = "none"
        @FocusState var focus: Field?
        var body: some View {
            VStack {
                Text("name: \(name)")
                Text("submitted: \(submitted)")
                Text("focus: \(focus.map { "\($0)" } ?? "none")")
                TextField("Name", text: $name)
                    .focused($focus, equals: .name)
                    .onSubmit { submitted = name }
                SecureField("PIN", text: $pin)
                    .focused($focus, equals: .pin)
                Text("pin length: \(pin.count)")
                Button("Focus PIN") { focus = .pin }
                Button("Unfocus") { focus = nil }
            }
            .frame(width: 300)
        }
    }

    /// Where the finger goes for character `offset` of "alpha beta gamma" (DejaVu Sans' advances at the body
    /// size, from the field's text edge).
    private func x(ofCharacter offset: Int, in host: TestHost) -> Double {
        let f = host.frame(ofAccessibilityIdentifier: "words")!
        let font = FontDescriptor(size: 17)
        return Double(f.minX) + 10 + TextEngine.shared.width(of: String("alpha beta gamma".prefix(offset)), font: font)
    }

    @Test func aLongPressSelectsTheWordAndTypingReplacesIt() {
        let host = TestHost(rootView: EditedText("alpha beta gamma", id: "words"), width: 400, height: 200)
        host.runFrame()
        let y = Double(host.frame(ofAccessibilityIdentifier: "words")!.midY)
        host.touchDown(x: x(ofCharacter: 7, in: host) + 2, y: y)
        host.runFrame()
        host.advance(seconds: 0.7)
        host.touchUp(x: x(ofCharacter: 7, in: host) + 2, y: y)
        host.runFrame()
        host.type("X")
        #expect(host.contains(text: "text: alpha X gamma"), "\(host.visibleTexts)")
    }

    @Test func aDragInAFocusedFieldMovesTheCaret() {
        let host = TestHost(rootView: EditedText("alpha beta gamma", id: "words"), width: 400, height: 200)
        host.runFrame()
        let y = Double(host.frame(ofAccessibilityIdentifier: "words")!.midY)
        host.tap(x: x(ofCharacter: 16, in: host) + 20, y: y)  // focused, the caret at the end
        host.touchDown(x: x(ofCharacter: 16, in: host), y: y)
        host.runFrame()
        for c in stride(from: 15, through: 5, by: -2) {
            host.touchMove(x: x(ofCharacter: c, in: host), y: y)
            host.runFrame()
        }
        host.type("!")  // while the finger is still down: the caret is where it is now
        #expect(host.contains(text: "text: alpha! beta gamma"), "the caret followed the finger: \(host.visibleTexts)")
        host.touchUp(x: x(ofCharacter: 5, in: host), y: y)
        host.runFrame()
    }

    @Test func aDragAfterALongPressSelects() {
        let host = TestHost(rootView: EditedText("alpha beta gamma", id: "words"), width: 400, height: 200)
        host.runFrame()
        let y = Double(host.frame(ofAccessibilityIdentifier: "words")!.midY)
        host.tap(x: x(ofCharacter: 16, in: host) + 20, y: y)
        host.touchDown(x: x(ofCharacter: 6, in: host), y: y)
        host.runFrame()
        host.advance(seconds: 0.7)
        for c in [8, 11, 14, 16] {
            host.touchMove(x: x(ofCharacter: c, in: host), y: y)
            host.runFrame()
        }
        host.touchUp(x: x(ofCharacter: 16, in: host), y: y)
        host.runFrame()
        host.type("Z")
        #expect(host.contains(text: "text: alpha Z"), "selected from the long press to the finger: \(host.visibleTexts)")
    }

    @Test func tappingFocusesAndTypingEditsTheBoundString() {
        let host = TestHost(rootView: Login(), width: 400, height: 400)
        host.runFrame()
        #expect(host.contains(text: "Name"), "the placeholder shows while empty")
        host.type("ab")
        #expect(!host.visibleTexts.contains { $0.hasPrefix("name: a") }, "keys do nothing with no field focused")
        host.tap(text: "Name")
        #expect(host.contains(text: "focus: name"), "\(host.visibleTexts)")
        host.type("Ada")
        #expect(host.contains(text: "name: Ada"), "\(host.visibleTexts)")
        host.press(.leftArrow)
        host.press(.delete)
        #expect(host.contains(text: "name: Aa"))
        host.press(.end)
        host.type("m")
        #expect(host.contains(text: "name: Aam"))
        host.press("z", modifiers: .control)
        #expect(host.contains(text: "name: Aa"), "undo takes the last typing back")
        host.press(.return)
        #expect(host.contains(text: "submitted: Aa"), "Return runs onSubmit")
        #expect(host.contains(text: "focus: none"), "and ends editing")
        #expect(host.focusedViewName == nil)
    }

    @Test func tapPlacesTheCaretNearestTheFinger() {
        let host = TestHost(rootView: Login(), width: 400, height: 400)
        host.runFrame()
        host.tap(text: "Name")
        host.type("abcdef")
        let run = host.displayList.textRuns.first { $0.run.string == "abcdef" }!.frame
        // Between "c" and "d": roughly half way along the run.
        let w = TextEngine.shared.width(of: "abc", font: FontDescriptor(size: 17))
        host.tap(x: run.minX + w + 1, y: run.midY)
        host.type("X")
        #expect(host.contains(text: "name: abcXdef"), "\(host.visibleTexts)")
    }

    @Test func focusStateMovesFocusAndFollowsIt() {
        let host = TestHost(rootView: Login(), width: 400, height: 400)
        host.runFrame()
        host.tap(text: "Focus PIN")
        host.advance(seconds: 0.05)
        #expect(host.contains(text: "focus: pin"), "\(host.visibleTexts)")
        host.type("1234")
        #expect(host.contains(text: "pin length: 4"))
        host.press(.tab, modifiers: .shift)
        #expect(host.contains(text: "focus: name"), "Shift-Tab moves to the name field and the focus state follows")
        host.tap(text: "Unfocus")
        host.advance(seconds: 0.05)
        #expect(host.focusedViewName == nil)
        #expect(host.contains(text: "focus: none"))
    }

    @Test func secureFieldsDrawBulletsAndNeverTheirText() {
        let host = TestHost(rootView: Login(), width: 400, height: 400)
        host.runFrame()
        host.tap(text: "PIN")
        host.type("s3cr")
        #expect(host.contains(text: "pin length: 4"))
        #expect(host.contains(text: "\u{2022}\u{2022}\u{2022}\u{2022}"), "\(host.visibleTexts)")
        for run in host.displayList.textRuns {
            #expect(!run.run.string.contains("s3"), "the secret is in the display list: \(run.run.string)")
            #expect(!run.run.string.contains("cr"))
        }
    }

    private struct Disabled: View {
        @State var text = "fixed"
        var body: some View {
            VStack {
                Text("value: \(text)")
                TextField("Field", text: $text).disabled(true).textFieldStyle(.plain)
            }
        }
    }

    @Test func aDisabledFieldTakesNoFocus() {
        let host = TestHost(rootView: Disabled(), width: 300, height: 200)
        host.runFrame()
        host.tap(text: "fixed")
        host.type("x")
        host.press(.tab)
        #expect(host.focusedViewName == nil)
        #expect(host.contains(text: "value: fixed"))
    }

    private struct BoolFocus: View {
        @State var text = ""
        @FocusState var isFocused: Bool
        var body: some View {
            VStack {
                Text(isFocused ? "editing" : "idle")
                TextField("Search", text: $text).focused($isFocused)
                Button("Edit") { isFocused = true }
            }
        }
    }

    @Test func aBoolFocusStateFocusesTheField() {
        let host = TestHost(rootView: BoolFocus(), width: 300, height: 200)
        host.runFrame()
        #expect(host.contains(text: "idle"))
        host.tap(text: "Edit")
        host.advance(seconds: 0.05)
        #expect(host.contains(text: "editing"))
        host.type("q")
        #expect(host.contains(text: "q"))
        host.press(.return)
        #expect(host.contains(text: "idle"))
    }
}

/// A field with right-to-left text places its caret as it is drawn: taps, arrows and typing follow what is seen.
@Suite @MainActor struct BidiTextFieldTests {
    private func field(_ host: TestHost) -> (minX: Double, midY: Double, end: Double) {
        let f = host.frame(ofAccessibilityIdentifier: "mixed")!
        let w = TextEngine.shared.width(of: "abc אבג", font: FontDescriptor(size: 17))
        return (Double(f.minX), Double(f.midY), Double(f.minX) + 10 + w)
    }

    @Test func aTapAtTheRightEndPutsTheCaretBeforeTheFirstHebrewLetter() {
        let host = TestHost(rootView: EditedText("abc אבג", id: "mixed"), width: 400, height: 200)
        host.runFrame()
        let f = field(host)
        host.tap(x: f.end + 3, y: f.midY)
        host.runFrame()
        host.tap(x: f.end + 3, y: f.midY)  // focused now: the caret goes to the boundary drawn nearest
        host.type("X")
        #expect(host.contains(text: "text: abc Xאבג"), "\(host.visibleTexts)")
    }

    @Test func arrowsMoveTheCaretAsItIsDrawn() {
        let host = TestHost(rootView: EditedText("abc אבג", id: "mixed"), width: 400, height: 200)
        host.runFrame()
        let f = field(host)
        host.tap(x: f.minX + 20, y: f.midY)
        host.press(.end)  // logically after ג, drawn where the Hebrew word begins
        host.press(.leftArrow)  // drawn next to the left: after "c"
        host.type("Y")
        #expect(host.contains(text: "text: abcY אבג"), "\(host.visibleTexts)")
        host.press(.end)
        host.press(.rightArrow)  // drawn next to the right: between ג and ב
        host.type("Z")
        #expect(host.contains(text: "text: abcY אבZג"), "\(host.visibleTexts)")
    }
}
