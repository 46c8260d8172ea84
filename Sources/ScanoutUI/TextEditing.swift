/// The editing model behind text fields: the text, a selection (an anchor and the end that moves, both on
/// grapheme-cluster boundaries), and an undo history. Pure value semantics, no view code, so every rule is
/// testable on its own. A `Character` is an extended grapheme cluster: "e" + combining acute and a flag emoji
/// are one caret step and one backspace each.
struct TextEditingState: Equatable {
    private(set) var text: String
    /// Where a selection started (stays put while shift+arrows extend it).
    private(set) var anchor: String.Index
    /// The end of the selection that moves: the caret.
    private(set) var head: String.Index
    /// Whether line breaks are kept (a multi-line editor) or turned into spaces (a one-line field).
    let allowsNewlines: Bool
    private var undoStack: [Snapshot] = []
    private var undoBytes = 0
    /// The last edit, so consecutive typing undoes as one step (as a word typed, not letter by letter).
    private var lastEdit: EditKind = .other

    /// At most this many UTF-8 bytes of text are kept for undo (a 1 MB paste stays undoable once, not 100
    /// times over): the oldest steps go first.
    static let undoByteLimit = 4 << 20
    static let undoStepLimit = 100

    private struct Snapshot: Equatable {
        var text: String
        var anchor: Int
        var head: Int
    }

    private enum EditKind: Equatable { case typing, other }

    init(text: String = "", allowsNewlines: Bool = false) {
        self.allowsNewlines = allowsNewlines
        self.text = allowsNewlines ? text : Self.singleLine(text)
        anchor = self.text.endIndex
        head = anchor
    }

    static func == (a: TextEditingState, b: TextEditingState) -> Bool {
        a.text == b.text && a.anchor == b.anchor && a.head == b.head
    }

    // MARK: Reading

    /// The selected range (empty: a caret).
    var selection: Range<String.Index> { min(anchor, head)..<max(anchor, head) }
    var caret: String.Index { head }
    var selectedText: Substring { text[selection] }
    var hasSelection: Bool { anchor != head }
    var canUndo: Bool { !undoStack.isEmpty }

    /// The selection as character offsets from the start (for tests and drawing).
    var selectedCharacterRange: Range<Int> {
        let lower = text.distance(from: text.startIndex, to: selection.lowerBound)
        return lower..<(lower + text.distance(from: selection.lowerBound, to: selection.upperBound))
    }

    // MARK: Moving and selecting

    /// Puts the caret `offset` characters from the start (clamped), collapsing any selection, or moving only
    /// the head when `extending`.
    mutating func setCaret(characterOffset offset: Int, extending: Bool = false) {
        let clamped = max(0, min(offset, text.count))
        moveHead(to: text.index(text.startIndex, offsetBy: clamped), extending: extending)
    }

    mutating func moveLeft(extending: Bool = false) {
        if hasSelection && !extending { return collapse(to: selection.lowerBound) }
        guard head > text.startIndex else { return collapse(to: head, keepingAnchor: extending) }
        moveHead(to: text.index(before: head), extending: extending)
    }

    mutating func moveRight(extending: Bool = false) {
        if hasSelection && !extending { return collapse(to: selection.upperBound) }
        guard head < text.endIndex else { return collapse(to: head, keepingAnchor: extending) }
        moveHead(to: text.index(after: head), extending: extending)
    }

    /// Puts the caret at `index` (a character boundary of `text`).
    mutating func moveCaret(to index: String.Index, extending: Bool = false) { moveHead(to: index, extending: extending) }

    mutating func moveToStart(extending: Bool = false) { moveHead(to: text.startIndex, extending: extending) }
    mutating func moveToEnd(extending: Bool = false) { moveHead(to: text.endIndex, extending: extending) }

    /// Selects the word around `offset` characters from the start (letters and digits; on a space or a
    /// sign, that one character), as a long press does.
    mutating func selectWord(atCharacterOffset offset: Int) {
        guard !text.isEmpty else { return }
        selectWord(at: text.index(text.startIndex, offsetBy: max(0, min(offset, text.count - 1))))
    }

    /// Selects the word around the character at `index` (the last one when `index` is the end).
    mutating func selectWord(at index: String.Index) {
        guard !text.isEmpty else { return }
        let i = index < text.endIndex ? index : text.index(before: text.endIndex)
        func isWord(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
        guard isWord(text[i]) else {
            anchor = i
            head = text.index(after: i)
            lastEdit = .other
            return
        }
        var lo = i, hi = text.index(after: i)
        while lo > text.startIndex, isWord(text[text.index(before: lo)]) { lo = text.index(before: lo) }
        while hi < text.endIndex, isWord(text[hi]) { hi = text.index(after: hi) }
        anchor = lo
        head = hi
        lastEdit = .other
    }

    /// Selects from `anchor` to `head` characters from the start (clamped), as a drag after a long press does.
    mutating func select(fromCharacterOffset a: Int, to h: Int) {
        let n = text.count
        anchor = text.index(text.startIndex, offsetBy: max(0, min(a, n)))
        head = text.index(text.startIndex, offsetBy: max(0, min(h, n)))
        lastEdit = .other
    }

    mutating func selectAll() {
        anchor = text.startIndex
        head = text.endIndex
        lastEdit = .other
    }

    private mutating func moveHead(to index: String.Index, extending: Bool) {
        head = index
        if !extending { anchor = index }
        lastEdit = .other
    }

    private mutating func collapse(to index: String.Index, keepingAnchor: Bool = false) {
        head = index
        if !keepingAnchor { anchor = index }
        lastEdit = .other
    }

    // MARK: Editing

    /// Types `string` over the selection (the typing of consecutive keys undoes as one step).
    mutating func insert(_ string: String) {
        replaceSelection(with: string, kind: .typing)
    }

    /// Backspace: the selection, or the one grapheme cluster before the caret.
    mutating func deleteBackward() {
        if !hasSelection {
            guard head > text.startIndex else { return }
            anchor = text.index(before: head)
        }
        replaceSelection(with: "", kind: .other)
    }

    /// Forward delete: the selection, or the one grapheme cluster after the caret.
    mutating func deleteForward() {
        if !hasSelection {
            guard head < text.endIndex else { return }
            anchor = text.index(after: head)
        }
        replaceSelection(with: "", kind: .other)
    }

    /// Replaces the whole text (the bound value changed from outside): caret at the end, history kept so
    /// an undo can bring the old text back.
    mutating func replaceAll(with string: String, recordingUndo: Bool) {
        if recordingUndo { pushUndo() }
        text = allowsNewlines ? string : Self.singleLine(string)
        anchor = text.endIndex
        head = anchor
        lastEdit = .other
    }

    // MARK: Pasteboard

    /// Copies the selection to the in-process pasteboard (nothing selected: nothing copied).
    @MainActor mutating func copy() {
        guard hasSelection else { return }
        TextPasteboard.string = String(selectedText)
    }

    @MainActor mutating func cut() {
        guard hasSelection else { return }
        copy()
        replaceSelection(with: "", kind: .other)
    }

    /// Pastes over the selection; returns whether there was anything to paste.
    @MainActor @discardableResult mutating func paste() -> Bool {
        guard let s = TextPasteboard.string, !s.isEmpty else { return false }
        replaceSelection(with: s, kind: .other)
        return true
    }

    // MARK: Undo

    /// Undoes the last edit (a run of typing counts as one); returns whether there was one.
    @discardableResult
    mutating func undo() -> Bool {
        guard let s = undoStack.popLast() else { return false }
        undoBytes -= s.text.utf8.count
        text = s.text
        anchor = text.utf8.index(text.startIndex, offsetBy: s.anchor)
        head = text.utf8.index(text.startIndex, offsetBy: s.head)
        lastEdit = .other
        return true
    }

    private mutating func pushUndo() {
        let start = text.startIndex
        undoStack.append(Snapshot(text: text, anchor: text.utf8.distance(from: start, to: anchor),
                                  head: text.utf8.distance(from: start, to: head)))
        undoBytes += text.utf8.count
        while undoStack.count > Self.undoStepLimit || (undoBytes > Self.undoByteLimit && undoStack.count > 1) {
            undoBytes -= undoStack.removeFirst().text.utf8.count
        }
    }

    private mutating func replaceSelection(with string: String, kind: EditKind) {
        let insert = allowsNewlines ? string : Self.singleLine(string)
        guard hasSelection || !insert.isEmpty else { return }
        if !(kind == .typing && lastEdit == .typing && !hasSelection) { pushUndo() }
        let range = selection
        let lowerOffset = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
        text.replaceSubrange(range, with: insert)
        var caret = text.utf8.index(text.startIndex, offsetBy: lowerOffset + insert.utf8.count)
        // A combining mark typed after a letter joins it: the caret goes to the end of the cluster it ends in.
        if caret < text.endIndex, caret > text.startIndex {
            let clusterStart = text.index(before: text.index(after: caret))
            if clusterStart != caret { caret = text.index(after: clusterStart) }
        }
        anchor = caret
        head = caret
        lastEdit = kind
    }

    /// One line: line breaks become spaces (a pasted address in a one-line field).
    static func singleLine(_ s: String) -> String {
        guard s.contains(where: \.isNewline) else { return s }
        return String(s.map { $0.isNewline ? " " : $0 })
    }
}

/// The pasteboard text fields cut, copy and paste through: in-process (a panel has no clipboard service).
@MainActor
enum TextPasteboard {
    static var string: String?
}

extension TextEditingState {
    /// A key that moves nothing: an editing shortcut (⌘ or Ctrl with A, C, X, V, Z) or printable text typed.
    /// False when it is neither, and the key goes on to others.
    @MainActor mutating func applyShortcutOrText(_ press: KeyPress, command: Bool) -> Bool {
        if command {
            switch press.key.character.lowercased() {
            case "a": selectAll()
            case "c": copy()
            case "x": cut()
            case "v": paste()
            case "z": undo()
            default: return false
            }
            return true
        }
        guard !press.characters.isEmpty,
              press.characters.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else { return false }
        insert(press.characters)
        return true
    }
}
