import ScanoutRender

/// A multi-line, scrolling editor for a string (SwiftUI's `TextEditor`): as big as proposed; Return starts a
/// new line; a drag scrolls, a tap places the caret. Only the lines in view are measured and drawn, so a
/// 10,000-line text costs what a screenful does. Lines break at line breaks only (no soft wrapping yet: a
/// long line is clipped at the editor's edge and scrolls into view with the caret).
public struct TextEditor: View {
    let text: Binding<String>

    public init(text: Binding<String>) { self.text = text }

    public var body: some View {
        TextEditorView(text: text, value: text.wrappedValue)
    }
}

struct TextEditorView: View, PrimitiveView {
    let text: Binding<String>
    /// The bound string when the editor's body ran (the body reads it, so it re-runs when it changes).
    let value: String
    func makeBehavior() -> NodeBehavior { TextEditorBehavior() }
}

final class TextEditorBehavior: NodeBehavior, HitTestableContent, TextInputTarget, CaretBlinking {
    private(set) var caretEpoch: Double = 0
    private var editor: TextEditorView!
    private(set) var editing = TextEditingState(allowsNewlines: true)
    /// Where each line starts (the first at the text's start), rebuilt when the text changes.
    private var lineStarts: [String.Index] = []
    private var scrollY: CGFloat = 0
    private var scrollX: CGFloat = 0
    /// After an edit or a caret move: scroll so the caret shows (a drag scrolls freely).
    private var revealCaret = false
    private var drag: (startScroll: CGFloat, scrolling: Bool)?
    static let inset: CGFloat = 8

    override func update(_ view: any View) -> [ChildSlot]? {
        editor = (view as! TextEditorView)
        if lineStarts.isEmpty || editing.text != editor.value {
            editing.replaceAll(with: editor.value, recordingUndo: false)
            editing.moveToStart()
            indexLines()
        }
        return []
    }

    private var environment: EnvironmentValues { node.environment.current }
    private var isFocused: Bool { node.host.focusedNode === node }
    private var font: FontDescriptor { (environment.font ?? .body).descriptor(in: environment) }
    private var lineHeight: CGFloat { TextEngine.shared.metrics(font).lineHeight }

    private func indexLines() {
        let t = editing.text
        lineStarts.removeAll(keepingCapacity: true)
        lineStarts.append(t.startIndex)
        // Lines end at "\n" ("\r\n" too): a byte scan, no grapheme breaking (a keystroke in a 10,000-line text
        // indexes it again).
        let u = t.utf8
        var i = u.startIndex
        while i < u.endIndex {
            if u[i] == 10 { lineStarts.append(u.index(after: i)) }
            i = u.index(after: i)
        }
    }

    /// The line holding `index` (binary search over the line starts).
    private func line(of index: String.Index) -> Int {
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= index { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// Line `i` without its line break.
    private func lineText(_ i: Int) -> Substring {
        let t = editing.text
        var end = i + 1 < lineStarts.count ? lineStarts[i + 1] : t.endIndex
        if end > lineStarts[i], i + 1 < lineStarts.count { end = t.index(before: end) }
        return t[lineStarts[i]..<end]
    }

    private func width(_ s: Substring) -> CGFloat { TextEngine.shared.width(of: String(s), font: font) }

    private var contentHeight: CGFloat { CGFloat(lineStarts.count) * lineHeight + 2 * Self.inset }

    // MARK: Layout and drawing

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        CGSize(width: proposal.width ?? 300, height: proposal.height ?? 200)
    }

    override func place(in bounds: CGRect) {}

    private func clampScroll() {
        scrollY = min(max(0, scrollY), max(0, contentHeight - node.frame.height))
    }

    override func draw(into list: inout DisplayList) {
        let env = environment, scheme = env.colorScheme
        let f = node.frame
        let lh = lineHeight, m = TextEngine.shared.metrics(font)
        let caretLine = line(of: editing.caret)
        let caretX = width(editing.text[lineStarts[caretLine]..<editing.caret])
        if revealCaret {
            revealCaret = false
            let top = CGFloat(caretLine) * lh, inner = f.height - 2 * Self.inset
            if top < scrollY { scrollY = top } else if top + lh > scrollY + inner { scrollY = top + lh - inner }
            let innerW = f.width - 2 * Self.inset - 2
            if caretX - scrollX > innerW { scrollX = caretX - innerW } else if caretX < scrollX { scrollX = caretX }
        }
        clampScroll()
        list.append(.pushClip(f.raster))
        let first = max(0, Int(scrollY / lh)), last = min(lineStarts.count - 1, Int((scrollY + f.height) / lh))
        let x0 = f.minX + Self.inset - scrollX
        let color = (env.foregroundColor ?? .primary).resolved(in: scheme)
        let sel = editing.selection
        if first <= last {
            for i in first...last {
                let top = f.minY + Self.inset + CGFloat(i) * lh - scrollY
                let text = lineText(i)
                if isFocused, !sel.isEmpty, sel.lowerBound <= text.endIndex, sel.upperBound >= text.startIndex {
                    let a = width(editing.text[text.startIndex..<max(sel.lowerBound, text.startIndex)])
                    let b = width(editing.text[text.startIndex..<min(sel.upperBound, text.endIndex)])
                    let r = CGRect(x: x0 + a, y: top, width: max(b - a, 4), height: lh)
                    list.append(.fill(ScanoutRaster.Path(roundedRect: r.raster, cornerRadius: 0), Palette.textSelection.paint(in: scheme), FillStyle()))
                }
                guard !text.isEmpty else { continue }
                let s = String(text)
                list.append(.text(TextRun(string: s, font: font, origin: Point(x: x0, y: top + m.ascender), color: color,
                                          frame: Rect(x: x0, y: top, width: width(text), height: lh))))
            }
        }
        if isFocused, sel.isEmpty, caretVisible(at: node.host.time, blinking: node.host.wakesForCaretBlink) {
            let top = f.minY + Self.inset + CGFloat(caretLine) * lh - scrollY
            let r = CGRect(x: x0 + caretX - 1, y: top, width: 2, height: lh)
            list.append(.fill(ScanoutRaster.Path(roundedRect: r.raster, cornerRadius: 0), Palette.caret.paint(in: scheme), FillStyle()))
        }
        list.append(.pop)
    }

    // MARK: Touches

    func contentContains(_ point: CGPoint) -> Bool { node.frame.contains(point) }
    override func handlesTouch(at point: CGPoint) -> Bool { environment.isEnabled && node.frameContains(asDrawn: point) }

    override func touchBegan(at point: CGPoint) { drag = (scrollY, false) }

    /// A drag of more than a few points scrolls (and then places no caret).
    override func touchMoved(to point: CGPoint, from start: CGPoint) {
        guard var d = drag else { return }
        if !d.scrolling, abs(point.y - start.y) > 8 { d.scrolling = true }
        drag = d
        guard d.scrolling else { return }
        scrollY = d.startScroll - (point.y - start.y)
        clampScroll()
        node.setNeedsDisplay()
        node.host.setNeedsFrame()
    }

    override func touchEnded(at point: CGPoint, from start: CGPoint) {
        defer { drag = nil }
        guard drag?.scrolling != true else { return }
        let f = node.frame
        let i = min(lineStarts.count - 1, max(0, Int((point.y - f.minY - Self.inset + scrollY) / lineHeight)))
        let text = lineText(i)
        let x = point.x - f.minX - Self.inset + scrollX
        // The nearest boundary in the line (lines are short enough to walk).
        var best = text.startIndex, bestDistance = CGFloat.infinity
        var j = text.startIndex
        while true {
            let d = abs(width(text[text.startIndex..<j]) - x)
            if d < bestDistance { best = j; bestDistance = d } else { break }
            if j == text.endIndex { break }
            j = editing.text.index(after: j)
        }
        editing.moveCaret(to: best)
        if !isFocused { node.host.focusedNode = node }
        changed()
    }

    override func touchCancelled() { drag = nil }

    // MARK: Keys

    override var isFocusable: Bool { environment.isEnabled }

    override func keyPress(_ press: KeyPress) -> KeyPress.Result {
        guard isFocused, press.phase != .up, environment.isEnabled else { return .ignored }
        let shift = press.modifiers.contains(.shift)
        let command = !press.modifiers.isDisjoint(with: [.control, .command])
        switch press.key {
        case .return: editing.insert("\n")
        case .delete: editing.deleteBackward()
        case .deleteForward: editing.deleteForward()
        case .leftArrow: editing.moveLeft(extending: shift)
        case .rightArrow: editing.moveRight(extending: shift)
        case .upArrow: moveVertically(by: -1, extending: shift)
        case .downArrow: moveVertically(by: 1, extending: shift)
        case .pageUp: moveVertically(by: -max(1, Int(node.frame.height / lineHeight) - 1), extending: shift)
        case .pageDown: moveVertically(by: max(1, Int(node.frame.height / lineHeight) - 1), extending: shift)
        case .home: editing.moveCaret(to: lineStarts[line(of: editing.caret)], extending: shift)
        case .end: editing.moveCaret(to: lineText(line(of: editing.caret)).endIndex, extending: shift)
        default:
            guard editing.applyShortcutOrText(press, command: command) else { return .ignored }
        }
        changed()
        return .handled
    }

    /// Up or down `lines`, keeping the column (in characters) where the line is long enough.
    private func moveVertically(by lines: Int, extending: Bool) {
        let l = line(of: editing.caret)
        let column = editing.text.distance(from: lineStarts[l], to: editing.caret)
        let target = min(max(0, l + lines), lineStarts.count - 1)
        let text = lineText(target)
        let index = editing.text.index(text.startIndex, offsetBy: column, limitedBy: text.endIndex) ?? text.endIndex
        editing.moveCaret(to: index, extending: extending)
    }

    func insert(_ text: String) {
        editing.insert(text)
        changed()
    }

    func deleteBackward() {
        editing.deleteBackward()
        changed()
    }

    var textBeforeCaret: Substring { editing.text[..<editing.caret] }

    /// The keyboard's return key starts a new line.
    func submit() { insert("\n") }

    private func changed() {
        caretEpoch = node.host.time
        if editor.text.wrappedValue != editing.text {
            indexLines()
            editor.text.wrappedValue = editing.text
        }
        revealCaret = true
        node.setNeedsDisplay()
        node.host.setNeedsFrame()
    }
}
