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
    /// A `TextField(_:text:axis: .vertical)`: as tall as its lines (within its `lineLimit`, at least one),
    /// drawn in the field's style, with this placeholder while empty. nil: a `TextEditor`.
    var growingField: Text? = nil
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

    /// A growing field's soft-wrapped lines: where each ends (its text without the spaces or line break that
    /// ended it), and the width they were wrapped at. nil: lines end at line breaks only (an editor).
    private var lineEnds: [String.Index]?
    private var wrappedWidth: CGFloat?
    /// Growing fields wrap texts up to this many bytes (a field's few lines; longer ones break at line breaks).
    static let wrapLimit = 4096

    private var wraps: Bool { editor.growingField != nil && editing.text.utf8.count <= Self.wrapLimit }
    private func wrapWidth(forFrameWidth w: CGFloat) -> CGFloat { max(1, w - 2 * insetX - 2) }

    /// The text's lines wrapped at `width`: start and end of each, an empty last line after a final line break.
    private func wrappedLines(of t: String, width: CGFloat) -> [(start: String.Index, end: String.Index)] {
        var out = TextEngine.shared.lines(of: t, font: font, maxWidth: Double(width)).map { ($0.text.startIndex, $0.text.endIndex) }
        if out.isEmpty { out = [(t.startIndex, t.startIndex)] }
        if t.last == "\n" { out.append((t.endIndex, t.endIndex)) }
        return out
    }

    private func indexLines() {
        let t = editing.text
        lineStarts.removeAll(keepingCapacity: true)
        if wraps, let width = wrappedWidth {
            let lines = wrappedLines(of: t, width: width)
            lineStarts = lines.map(\.start)
            lineEnds = lines.map(\.end)
            return
        }
        lineEnds = nil
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
        if let lineEnds { return t[lineStarts[i]..<max(lineStarts[i], lineEnds[i])] }
        var end = i + 1 < lineStarts.count ? lineStarts[i + 1] : t.endIndex
        if end > lineStarts[i], i + 1 < lineStarts.count { end = t.index(before: end) }
        return t[lineStarts[i]..<end]
    }

    private func width(_ s: Substring) -> CGFloat { TextEngine.shared.width(of: String(s), font: font) }

    private var contentHeight: CGFloat { CGFloat(lineStarts.count) * lineHeight + 2 * insetY }

    /// Between the text and the edges: an editor's 8 points; a bordered growing field's as a one-line field's
    /// (its padding across, one line centred in a finger's height).
    private var insetX: CGFloat {
        editor.growingField != nil && environment.textFieldStyleKind == .roundedBorder ? Palette.fieldPadding : Self.inset
    }
    private var insetY: CGFloat {
        guard editor.growingField != nil, environment.textFieldStyleKind == .roundedBorder else { return Self.inset }
        return max(Self.inset, ((Palette.minimumHitTarget - lineHeight) / 2).rounded(.down))
    }

    // MARK: Layout and drawing

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        guard let placeholder = editor.growingField else {
            return CGSize(width: proposal.width ?? 300, height: proposal.height ?? 200)
        }
        // A growing field: its lines, at least the reserved ones (`lineLimit(2...5)`), at most the limit.
        let env = environment
        var count = lineStarts.count
        if wraps, let w = proposal.width { count = wrappedLines(of: editing.text, width: wrapWidth(forFrameWidth: w)).count }
        var lines = max(count, env.reservedLines, 1)
        if let limit = env.lineLimit { lines = min(lines, max(1, limit)) }
        let height = max(env.textFieldStyleKind == .roundedBorder ? Palette.minimumHitTarget : 0,
                         (CGFloat(lines) * lineHeight + 2 * insetY).rounded(.up))
        let widest = editing.text.isEmpty ? TextEngine.shared.width(of: placeholder.resolved(in: env.locale), font: font)
                                          : (0..<min(lineStarts.count, 200)).map { width(lineText($0)) }.max() ?? 0
        return CGSize(width: proposal.width ?? (widest + 2 * insetX + 2).rounded(.up), height: height)
    }

    override func place(in bounds: CGRect) {}

    private func clampScroll() {
        scrollY = min(max(0, scrollY), max(0, contentHeight - node.frame.height))
    }

    override func draw(into list: inout DisplayList) {
        let env = environment, scheme = env.colorScheme
        let f = node.frame
        if wraps, wrappedWidth != wrapWidth(forFrameWidth: f.width) {
            wrappedWidth = wrapWidth(forFrameWidth: f.width)
            indexLines()
        }
        let lh = lineHeight, m = TextEngine.shared.metrics(font)
        let caretLine = line(of: editing.caret)
        let caretX = width(editing.text[lineStarts[caretLine]..<editing.caret])
        if revealCaret {
            revealCaret = false
            let top = CGFloat(caretLine) * lh, inner = f.height - 2 * insetY
            if top < scrollY { scrollY = top } else if top + lh > scrollY + inner { scrollY = top + lh - inner }
            let innerW = f.width - 2 * insetX - 2
            if caretX - scrollX > innerW { scrollX = caretX - innerW } else if caretX < scrollX { scrollX = caretX }
        }
        clampScroll()
        if let placeholder = editor.growingField { drawField(placeholder: placeholder, scheme: scheme, into: &list) }
        list.append(.pushClip(f.raster))
        let first = max(0, Int(scrollY / lh)), last = min(lineStarts.count - 1, Int((scrollY + f.height) / lh))
        let x0 = f.minX + insetX - scrollX
        let color = (env.foregroundColor ?? .primary).resolved(in: scheme)
        let sel = editing.selection
        if first <= last {
            for i in first...last {
                let top = f.minY + insetY + CGFloat(i) * lh - scrollY
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
            let top = f.minY + insetY + CGFloat(caretLine) * lh - scrollY
            let r = CGRect(x: x0 + caretX - 1, y: top, width: 2, height: lh)
            list.append(.fill(ScanoutRaster.Path(roundedRect: r.raster, cornerRadius: 0), Palette.caret.paint(in: scheme), FillStyle()))
        }
        list.append(.pop)
    }

    /// A growing field's border (`.roundedBorder`) and, while empty, its placeholder.
    private func drawField(placeholder: Text, scheme: ColorScheme, into list: inout DisplayList) {
        let f = node.frame
        if environment.textFieldStyleKind == .roundedBorder { FieldDrawing.roundedBox(f, focused: isFocused, scheme: scheme, into: &list) }
        guard editing.text.isEmpty else { return }
        FieldDrawing.placeholder(placeholder.resolved(in: environment.locale), font: font, x: f.minX + insetX,
                                 top: f.minY + insetY, scheme: scheme, into: &list)
    }

    // MARK: Touches

    func contentContains(_ point: CGPoint) -> Bool { node.frame.contains(point) }
    override func handlesTouch(at point: CGPoint) -> Bool { environment.isEnabled && node.frameContains(asDrawn: point) }

    override func touchBegan(at point: CGPoint) {
        drag = (scrollY, false)
        pressStart = node.host.time
    }
    /// When the finger went down: held `TextInputBehavior.longPressDuration` without scrolling, it selects
    /// the word under it.
    private var pressStart: Double?

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
        let i = min(lineStarts.count - 1, max(0, Int((point.y - f.minY - insetY + scrollY) / lineHeight)))
        let text = lineText(i)
        let x = point.x - f.minX - insetX + scrollX
        // The nearest boundary in the line (lines are short enough to walk).
        var best = text.startIndex, bestDistance = CGFloat.infinity
        var j = text.startIndex
        while true {
            let d = abs(width(text[text.startIndex..<j]) - x)
            if d < bestDistance { best = j; bestDistance = d } else { break }
            if j == text.endIndex { break }
            j = editing.text.index(after: j)
        }
        if let start = pressStart, node.host.time - start >= TextInputBehavior.longPressDuration, !text.isEmpty {
            editing.selectWord(at: best < text.endIndex ? best : editing.text.index(before: best))
        } else {
            editing.moveCaret(to: best)
        }
        pressStart = nil
        if !isFocused { node.host.focusedNode = node }
        changed()
    }

    override func touchCancelled() {
        drag = nil
        pressStart = nil
    }

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
            let lines = lineStarts.count
            indexLines()
            editor.text.wrappedValue = editing.text
            // A growing field changes its height with its line count.
            if editor.growingField != nil, lineStarts.count != lines { node.invalidateLayout() }
        }
        revealCaret = true
        node.setNeedsDisplay()
        node.host.setNeedsFrame()
    }
}
