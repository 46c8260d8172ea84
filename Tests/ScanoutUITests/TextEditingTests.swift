import Testing
@testable import ScanoutUI

/// The editing model on its own: caret, selection, grapheme-cluster deletion, pasteboard, undo.
@Suite @MainActor struct TextEditingTests {
    @Test func typingInsertsAtTheCaretAndArrowsMoveIt() {
        var e = TextEditingState()
        e.insert("hllo")
        e.setCaret(characterOffset: 1)
        e.insert("e")
        #expect(e.text == "hello")
        #expect(e.selectedCharacterRange == 2..<2)
        e.moveLeft(); e.moveLeft(); e.moveLeft()
        #expect(e.selectedCharacterRange == 0..<0, "the caret stops at the start")
        e.moveRight()
        #expect(e.selectedCharacterRange == 1..<1)
        e.moveToEnd()
        #expect(e.selectedCharacterRange == 5..<5)
    }

    @Test func backspaceAndDeleteRemoveOneGraphemeCluster() {
        var e = TextEditingState(text: "cafe\u{301}")  // "e" + combining acute
        #expect(e.text.unicodeScalars.count == 5)
        e.deleteBackward()
        #expect(e.text == "caf", "the accented letter goes in one step")
        e.insert("\u{1F1E9}\u{1F1EA}")  // a flag: two regional indicators
        e.insert("!")
        e.moveLeft()
        e.deleteBackward()
        #expect(e.text == "caf!", "the flag goes in one step")
        e.moveToStart()
        e.deleteForward()
        #expect(e.text == "af!")
        e.moveToStart()
        e.deleteBackward()
        #expect(e.text == "af!", "nothing before the start")
    }

    @Test func aCombiningMarkTypedAfterALetterJoinsIt() {
        var e = TextEditingState(text: "e")
        e.insert("\u{301}")
        #expect(e.text == "e\u{301}")
        #expect(e.selectedCharacterRange == 1..<1, "the caret is after the one cluster")
        e.deleteBackward()
        #expect(e.text.isEmpty)
    }

    @Test func shiftArrowsSelectAndTypingReplacesTheSelection() {
        var e = TextEditingState(text: "hello world")
        e.moveLeft(extending: true)
        e.moveLeft(extending: true)
        #expect(e.selectedText == "ld")
        e.moveLeft()
        #expect(!e.hasSelection)
        #expect(e.selectedCharacterRange == 9..<9, "an arrow collapses a selection to its start")
        e.moveToStart(extending: true)
        #expect(e.selectedText == "hello wor")
        e.insert("W")
        #expect(e.text == "Wld")
        e.selectAll()
        #expect(e.selectedText == "Wld")
        e.deleteBackward()
        #expect(e.text.isEmpty)
    }

    @Test func cutCopyAndPasteGoThroughTheInProcessPasteboard() {
        TextPasteboard.string = nil
        var e = TextEditingState(text: "copy me")
        e.copy()
        #expect(TextPasteboard.string == nil, "nothing selected: nothing copied")
        e.selectAll()
        e.copy()
        #expect(TextPasteboard.string == "copy me")
        e.moveToEnd()
        e.insert(" ")
        e.paste()
        #expect(e.text == "copy me copy me")
        e.setCaret(characterOffset: 0)
        e.setCaret(characterOffset: 5, extending: true)
        e.cut()
        #expect(e.text == "me copy me")
        #expect(TextPasteboard.string == "copy ")
        TextPasteboard.string = "a\nb"
        e.paste()
        #expect(e.text == "a bme copy me", "a one-line field turns line breaks into spaces")
        var multi = TextEditingState(allowsNewlines: true)
        multi.paste()
        #expect(multi.text == "a\nb")
    }

    @Test func undoTakesBackARunOfTypingThenEachEdit() {
        var e = TextEditingState()
        for c in "word" { e.insert(String(c)) }
        e.insert(" ")
        e.moveLeft()
        e.moveRight()
        for c in "two" { e.insert(String(c)) }
        e.deleteBackward()
        #expect(e.text == "word tw")
        var undone = e.undo()
        #expect(undone && e.text == "word two")
        undone = e.undo()
        #expect(undone && e.text == "word ", "the second run of typing undoes as one step")
        #expect(e.selectedCharacterRange == 5..<5)
        undone = e.undo()
        #expect(undone && e.text.isEmpty)
        undone = e.undo()
        #expect(!undone)
    }

    @Test func aMegabytePasteIsBoundedInUndo() {
        TextPasteboard.string = String(repeating: "x", count: 1 << 20)
        var e = TextEditingState()
        for _ in 0..<8 { e.paste() }
        #expect(e.text.utf8.count == 8 << 20)
        var steps = 0
        while e.undo() { steps += 1 }
        #expect(steps < 8, "the oldest steps of a history over the byte limit are dropped")
        TextPasteboard.string = nil
    }
}
