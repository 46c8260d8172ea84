import ScanoutRender

/// The editable line inside `TextField` and `SecureField`: a leaf that owns the editing state, draws the
/// text, caret and selection, and takes touches and keys.
struct TextInputField: View, PrimitiveView {
    let text: Binding<String>
    /// The bound string when the field's body ran (the body reads it, so it re-runs when it changes).
    let value: String
    let placeholder: Text
    let isSecure: Bool
    var commitsOnEnd = false
    func makeBehavior() -> NodeBehavior { TextInputBehavior() }
}

/// What one-line and growing fields draw alike: the rounded border and the placeholder.
@MainActor
enum FieldDrawing {
    /// The `.roundedBorder` box: the field's background and a hairline border, the accent at 2 points when focused.
    static func roundedBox(_ f: CGRect, focused: Bool, scheme: ColorScheme, into list: inout DisplayList) {
        list.append(.fill(ScanoutRaster.Path(roundedRect: f.raster, cornerRadius: Palette.fieldCornerRadius),
                          Palette.fieldBackground.paint(in: scheme), FillStyle()))
        let border = focused ? Palette.caret : Palette.fieldBorder
        list.append(.stroke(ScanoutRaster.Path(roundedRect: f.insetBy(dx: 0.5, dy: 0.5).raster, cornerRadius: Palette.fieldCornerRadius),
                            border.paint(in: scheme), StrokeStyle(lineWidth: focused ? 2 : 1)))
    }

    /// The placeholder's line, its box's top-left at (`x`, `top`), in the tertiary label colour.
    static func placeholder(_ text: String, font: FontDescriptor, x: CGFloat, top: CGFloat, scheme: ColorScheme,
                            into list: inout DisplayList) {
        guard !text.isEmpty else { return }
        let m = TextEngine.shared.metrics(font)
        let w = TextEngine.shared.width(of: text, font: font)
        list.append(.text(TextRun(string: text, font: font, origin: Point(x: x, y: top + m.ascender),
                                  color: Palette.tertiaryLabel.resolved(in: scheme),
                                  frame: Rect(x: x, y: top, width: w, height: m.lineHeight))))
    }
}

final class TextInputBehavior: NodeBehavior, HitTestableContent, CaretBlinking {
    private(set) var caretEpoch: Double = 0
    var field: TextInputField!
    private(set) var editing = TextEditingState()
    /// How far the text is scrolled left so the caret stays inside the field.
    private var scrollX: CGFloat = 0

    override func update(_ view: any View) -> [ChildSlot]? {
        field = (view as! TextInputField)
        // A formatted field being edited keeps what is typed ("1." on the way to "1.5") until editing ends.
        if editing.text != TextEditingState.singleLine(field.value), !(field.commitsOnEnd && isFocused) {
            editing.replaceAll(with: field.value, recordingUndo: false)
        }
        return []
    }

    private var environment: EnvironmentValues { node.environment.current }
    private var isFocused: Bool { node.host.focusedNode === node }
    private var style: TextFieldStyleKind { environment.textFieldStyleKind }
    private var font: FontDescriptor { (environment.font ?? .body).descriptor(in: environment) }
    private var padding: CGFloat { style == .roundedBorder ? Palette.fieldPadding : 0 }

    /// What is drawn for the first `count` characters: the text, or one bullet per character.
    /// The characters drawn at most on each side of the caret: a megabyte on one line is drawn (and measured)
    /// a window at a time.
    static let window = 400
    /// The characters drawn last (`lo..<hi`), and how far left of the field's text edge character `lo` is.
    private var drawn: (lo: Int, hi: Int, shift: CGFloat) = (0, 0, 0)
    /// For text with right-to-left characters (drawn whole): where each caret boundary and character is, in
    /// drawing order. Carets, selections, taps and arrow keys go by these, so they follow what is seen; other
    /// text goes by prefix widths (its drawing order is its logical order).
    private var bidiLayout: (positions: [Double], extents: [(left: Double, right: Double)])?

    private func shown(prefix count: Int) -> String { shown(0, count) }

    /// What is drawn for characters `lo..<hi`: the text, or one bullet per character.
    private func shown(_ lo: Int, _ hi: Int) -> String {
        guard hi > lo else { return "" }
        if field.isSecure { return String(repeating: "\u{2022}", count: hi - lo) }
        let t = editing.text
        let a = t.index(t.startIndex, offsetBy: lo)
        return String(t[a..<t.index(a, offsetBy: hi - lo)])
    }

    /// The placeholder as shown here (translated for the environment's locale).
    private var placeholder: String { field.placeholder.resolved(in: node.environment.current.locale) }

    private func width(_ lo: Int, _ hi: Int) -> CGFloat { TextEngine.shared.width(of: shown(lo, hi), font: font) }

    // MARK: Layout

    /// As wide as proposed (its text's width without a proposal); one line tall, and at least a finger tall
    /// with a border.
    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        let m = TextEngine.shared.metrics(font)
        let height = style == .roundedBorder ? max(Palette.minimumHitTarget, (m.lineHeight + 2 * 8).rounded(.up)) : m.lineHeight.rounded(.up)
        let ideal = TextEngine.shared.width(of: editing.text.isEmpty ? placeholder : shown(prefix: min(editing.text.count, 2 * Self.window)), font: font)
        return CGSize(width: proposal.width ?? (ideal + 2 * padding + 2).rounded(.up), height: height)
    }

    override func place(in bounds: CGRect) {}

    // MARK: Drawing

    override func draw(into list: inout DisplayList) {
        let env = environment
        let scheme = env.colorScheme
        let f = node.frame
        let m = TextEngine.shared.metrics(font)
        ControlDrawing.group(enabled: env.isEnabled, into: &list) { list in
            if style == .roundedBorder { FieldDrawing.roundedBox(f, focused: isFocused, scheme: scheme, into: &list) }
            let inner = f.insetBy(dx: padding, dy: 0)
            let top = f.midY - m.lineHeight / 2
            let baseline = top + m.ascender
            list.append(.pushClip(inner.insetBy(dx: -2, dy: 0).raster))
            if editing.text.isEmpty {
                scrollX = 0
                drawn = (0, 0, 0)
                bidiLayout = nil
                FieldDrawing.placeholder(placeholder, font: font, x: inner.minX, top: top, scheme: scheme, into: &list)
            } else {
                let range = editing.selectedCharacterRange
                let count = editing.text.count
                let caret = editing.text.distance(from: editing.text.startIndex, to: editing.caret)
                let windowed = count > 2 * Self.window
                let lo = windowed ? max(0, caret - Self.window) : 0, hi = windowed ? min(count, caret + Self.window) : count
                let bidi = !windowed && !field.isSecure && TextEngine.hasRightToLeft(editing.text)
                bidiLayout = bidi ? TextEngine.shared.caretLayout(in: editing.text, font: font) : nil
                let caretX = bidiLayout.map { $0.positions[min(caret, $0.positions.count - 1)] } ?? width(lo, caret)
                let shift: CGFloat
                if windowed {
                    // Only the window is measured: the caret is kept in view from its start.
                    shift = max(0, caretX - inner.width + 2)
                } else {
                    // Scroll just enough to keep the caret inside (idempotent: drawing again draws the same).
                    if caretX - scrollX > inner.width - 2 { scrollX = caretX - inner.width + 2 }
                    if caretX - scrollX < 0 { scrollX = caretX }
                    shift = scrollX
                }
                drawn = (lo, hi, shift)
                let x0 = inner.minX - shift
                let selLo = min(max(range.lowerBound, lo), hi), selHi = min(max(range.upperBound, lo), hi)
                if isFocused, selHi > selLo {
                    for (a, b) in selectionSpans(selLo, selHi, from: lo) {
                        let r = CGRect(x: x0 + a, y: top, width: b - a, height: m.lineHeight)
                        list.append(.fill(ScanoutRaster.Path(roundedRect: r.raster, cornerRadius: 0), Palette.textSelection.paint(in: scheme), FillStyle()))
                    }
                }
                let s = shown(lo, hi)
                let w = TextEngine.shared.width(of: s, font: font)
                let color = (env.foregroundColor ?? .primary).resolved(in: scheme)
                list.append(.text(TextRun(string: s, font: font, origin: Point(x: x0, y: baseline), color: color,
                                          frame: Rect(x: x0, y: top, width: w, height: m.lineHeight))))
                if isFocused, range.isEmpty {
                    drawCaret(x: x0 + caretX, top: top, height: m.lineHeight, scheme: scheme, into: &list)
                }
            }
            if isFocused, editing.text.isEmpty {
                drawCaret(x: inner.minX, top: top, height: m.lineHeight, scheme: scheme, into: &list)
            }
            list.append(.pop)
        }
    }

    /// The spans (x from the drawn text's start) that characters `selLo..<selHi` cover: one for text drawn in
    /// logical order; for bidi text, the characters' own spans merged where they touch (a selection across a
    /// direction change is drawn in pieces, as it is seen).
    private func selectionSpans(_ selLo: Int, _ selHi: Int, from lo: Int) -> [(CGFloat, CGFloat)] {
        guard let layout = bidiLayout else { return [(width(lo, selLo), width(lo, selHi))] }
        let spans = layout.extents[min(selLo, layout.extents.count)..<min(selHi, layout.extents.count)]
            .map { (CGFloat($0.left), CGFloat($0.right)) }.sorted { $0.0 < $1.0 }
        var merged: [(CGFloat, CGFloat)] = []
        for span in spans {
            if let last = merged.last, span.0 <= last.1 + 0.5 {
                merged[merged.count - 1].1 = max(last.1, span.1)
            } else {
                merged.append(span)
            }
        }
        return merged
    }

    private func drawCaret(x: CGFloat, top: CGFloat, height: CGFloat, scheme: ColorScheme, into list: inout DisplayList) {
        guard caretVisible(at: node.host.time, blinking: node.host.wakesForCaretBlink) else { return }
        let r = CGRect(x: x - 1, y: top, width: 2, height: height)
        list.append(.fill(ScanoutRaster.Path(roundedRect: r.raster, cornerRadius: 0), Palette.caret.paint(in: scheme), FillStyle()))
    }

    // MARK: Touches

    func contentContains(_ point: CGPoint) -> Bool { node.frame.contains(point) }

    override func handlesTouch(at point: CGPoint) -> Bool {
        environment.isEnabled && node.frameContains(asDrawn: point)
    }

    /// What a finger on the field is doing: not decided yet, moving the caret (a drag in a focused field), or
    /// selecting from the character where a long press began.
    private enum TouchMode { case undecided, caret, selecting(anchor: Int) }
    private var touch: (mode: TouchMode, start: Double)?
    /// A press held this long without moving is a long press (it selects a word; a drag then extends it).
    static let longPressDuration = 0.5

    private func offset(at point: CGPoint) -> Int {
        characterOffset(nearest: point.x - (node.frame.minX + padding) + drawn.shift)
    }

    override func touchBegan(at point: CGPoint) { touch = (.undecided, node.host.time) }

    /// In a focused field a drag moves the caret with the finger; after a long press it selects.
    override func touchMoved(to point: CGPoint, from start: CGPoint) {
        guard var t = touch, isFocused else { return }
        if case .undecided = t.mode {
            if node.host.time - t.start >= Self.longPressDuration {
                t.mode = .selecting(anchor: offset(at: start))
            } else if abs(point.x - start.x) > 6 {
                t.mode = .caret
            } else {
                return
            }
            touch = t
        }
        switch t.mode {
        case .caret: editing.setCaret(characterOffset: offset(at: point))
        case .selecting(let anchor): editing.select(fromCharacterOffset: anchor, to: offset(at: point))
        case .undecided: return
        }
        changed()
    }

    /// A tap focuses the field and puts the caret at the character boundary nearest the finger; a long press
    /// selects the word under it.
    override func touchEnded(at point: CGPoint, from start: CGPoint) {
        defer { touch = nil }
        if let t = touch, case .undecided = t.mode {
            guard node.frameContains(asDrawn: point) else { return }
            if node.host.time - t.start >= Self.longPressDuration, !field.isSecure {
                editing.selectWord(atCharacterOffset: offset(at: point))
            } else {
                editing.setCaret(characterOffset: offset(at: point))
            }
        }
        if !isFocused { node.host.focusedNode = node }
        changed()
    }

    override func touchCancelled() { touch = nil }

    /// The character boundary whose x is nearest `x` (a binary search: widths grow with the prefix).
    private func characterOffset(nearest x: CGFloat) -> Int {
        if let layout = bidiLayout { return min(TextEngine.boundary(nearest: Double(x), in: layout.positions), editing.text.count) }
        // Within what was drawn last (all of it, or the window around the caret of a very long text).
        let first = min(drawn.lo, editing.text.count), end = min(max(drawn.hi, first), editing.text.count)
        var lo = first, hi = end
        while lo < hi {
            let mid = (lo + hi) / 2
            if width(first, mid + 1) <= x { lo = mid + 1 } else { hi = mid }
        }
        guard lo < end else { return lo }
        let before = width(first, lo), after = width(first, lo + 1)
        return x - before <= after - x ? lo : lo + 1
    }

    // MARK: Keys

    override var isFocusable: Bool { environment.isEnabled }

    override func keyPress(_ press: KeyPress) -> KeyPress.Result {
        guard isFocused, press.phase != .up, environment.isEnabled else { return .ignored }
        let shift = press.modifiers.contains(.shift)
        let command = !press.modifiers.isDisjoint(with: [.control, .command])
        switch press.key {
        case .return:
            submit()
            return .handled
        case .delete: editing.deleteBackward()
        case .deleteForward: editing.deleteForward()
        case .leftArrow, .rightArrow:
            let right = press.key == .rightArrow
            if let layout = bidiLayout, layout.positions.count == editing.text.count + 1,
               !(editing.hasSelection && !shift) {
                // To the boundary drawn next on that side (in Arabic, left is onwards).
                let caret = editing.text.distance(from: editing.text.startIndex, to: editing.caret)
                editing.setCaret(characterOffset: TextEngine.boundary(from: caret, toRight: right, in: layout.positions), extending: shift)
            } else if right {
                editing.moveRight(extending: shift)
            } else {
                editing.moveLeft(extending: shift)
            }
        case .home, .upArrow: editing.moveToStart(extending: shift)
        case .end, .downArrow: editing.moveToEnd(extending: shift)
        default:
            guard editing.applyShortcutOrText(press, command: command) else { return .ignored }
        }
        changed()
        return .handled
    }

    /// Typed text from the on-screen keyboard.
    func insert(_ text: String) {
        editing.insert(text)
        changed()
    }

    func deleteBackward() {
        editing.deleteBackward()
        changed()
    }

    /// Return: the `onSubmit` actions around the field run, and editing ends (the keyboard goes away).
    func submit() {
        commit()
        node.submit(node.environment.current.isSearchField ? .search : .text)
        if isFocused { node.host.focusedNode = nil }
    }

    /// The text or the caret changed: write the binding (only when the text changed) and draw again.
    private func changed() {
        caretEpoch = node.host.time
        if !field.commitsOnEnd { commit() }
        node.setNeedsDisplay()
        node.host.setNeedsFrame()
    }

    /// Writes the text to the binding (a formatted field: parsed; text that does not parse shows the value
    /// it had again).
    private func commit() {
        if field.text.wrappedValue != editing.text { field.text.wrappedValue = editing.text }
        if field.commitsOnEnd {
            let shown = field.text.wrappedValue
            if shown != editing.text { editing.replaceAll(with: shown, recordingUndo: true) }
        }
    }

    func focusChanged() {
        caretEpoch = node.host.time
        if !isFocused, field.commitsOnEnd { commit() }
        node.setNeedsDisplay()
    }
}
