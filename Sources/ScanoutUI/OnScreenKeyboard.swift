import ScanoutRender

/// What the on-screen keyboard types into: the focused field or editor.
@MainActor
protocol TextInputTarget: AnyObject {
    var node: ViewNode! { get }
    func insert(_ text: String)
    func deleteBackward()
    /// The text before the caret (the keyboard's automatic shift reads it).
    var textBeforeCaret: Substring { get }
    /// The return key: a field submits, an editor starts a new line.
    func submit()
}

extension TextInputBehavior: TextInputTarget {
    var textBeforeCaret: Substring { editing.text[..<editing.caret] }
}

/// When the on-screen keyboard comes up for a focused field: `auto` (when no hardware keyboard is attached),
/// `always`, or `never` (a board's `osk` key).
public enum OnScreenKeyboardMode: Hashable, Sendable {
    case auto, always, never
}

struct HardwareKeyboardKey: EnvironmentKey { static let defaultValue = false }

extension EnvironmentValues {
    /// Whether a hardware keyboard is attached (the platform sets it; `auto` keeps the on-screen one away then).
    public var isHardwareKeyboardAttached: Bool {
        get { self[HardwareKeyboardKey.self] }
        set { self[HardwareKeyboardKey.self] = newValue }
    }
}

extension View {
    /// Hosts the on-screen keyboard for the text fields inside this view (an app's root): when a field gains
    /// focus the keyboard slides up from the bottom, and this view's content is laid out in the space above
    /// it (its safe area shrinks), with the focused field scrolled into view. It goes on submit or when the
    /// focus leaves the fields.
    public func onScreenKeyboard(_ mode: OnScreenKeyboardMode = .auto) -> some View {
        KeyboardHost(content: self, mode: mode, customKeyboard: nil)
    }
}

struct KeyboardHost<Content: View>: View, PrimitiveView, KeyboardHosting {
    let content: Content
    let mode: OnScreenKeyboardMode
    /// An app's own keyboard in place of Scanout's (`onScreenKeyboard(_:keyboard:)`).
    let customKeyboard: (@MainActor (OnScreenKeyboardProxy) -> AnyView)?
    var contentView: any View { ZStack { content } }
    func makeBehavior() -> NodeBehavior { KeyboardHostBehavior() }
}

/// A keyboard host without its content's type.
@MainActor
protocol KeyboardHosting {
    var contentView: any View { get }
    var mode: OnScreenKeyboardMode { get }
    var customKeyboard: (@MainActor (OnScreenKeyboardProxy) -> AnyView)? { get }
}

/// What the keyboard shows: which page, whether shifted, and for which kind of field.
struct OnScreenKeyboardState: Equatable {
    var page = KeyboardPage.letters
    var shifted = false
    var capsLock = false
    var type = UIKeyboardType.default
    var submitLabel = SubmitLabel.return
    var layout = OnScreenKeyboardLayout.enUS
    var style = OnScreenKeyboardStyle.automatic
}

/// Lays the content out above the keyboard and the keyboard along the bottom edge, slides it in and out, and
/// sends its keys to the focused field.
final class KeyboardHostBehavior: NodeBehavior, AnimationTicking {
    private var hosting: (any KeyboardHosting)!
    /// The focused field the keys type into (nil: no field focused).
    private(set) weak var field: (any TextInputTarget)?
    private(set) var state = OnScreenKeyboardState()
    /// How far the keyboard is in (0: hidden, 1: fully up) and where it is sliding to.
    private(set) var progress: Double = 0
    private var target: Double = 0
    private var slideStart: (time: Double, from: Double)?
    /// Whether the focused field must be scrolled into view above the keyboard.
    private var needsReveal = false

    override func update(_ view: any View) -> [ChildSlot]? {
        hosting = (view as! any KeyboardHosting)
        return slots
    }

    private var slots: [ChildSlot] {
        var s = [ChildSlot(key: 0, view: hosting.contentView)]
        if progress > 0 || target > 0 {
            // A `.preferredColorScheme` on the app's root is the window's, as in SwiftUI: the keyboard (beside the
            // app's content, not in it) is drawn in it too (taken when the keyboard comes up or the host updates).
            let scheme = node.host.rootPreferredColorScheme
            if let custom = hosting.customKeyboard {
                s.append(ChildSlot(key: 2, view: custom(OnScreenKeyboardProxy(controller: self, keyboardType: state.type,
                                                                              submitLabel: state.submitLabel))
                                                    .preferredColorScheme(scheme)))
            } else {
                s.append(ChildSlot(key: 1, view: OnScreenKeyboardView(state: state, controller: self).preferredColorScheme(scheme)))
            }
        }
        return s
    }

    override var firstChildIsContent: Bool { true }

    /// Whether the keyboard is (or is sliding) up.
    var isShown: Bool { target > 0 }

    // MARK: Focus

    /// The focus moved; `field` is the newly focused text field, if any.
    func focusChanged(to field: (any TextInputTarget)?) {
        self.field = field
        if let field {
            let fieldEnv = field.node.environment.current
            state = OnScreenKeyboardState(page: KeyboardPage(fieldEnv.keyboardType), type: fieldEnv.keyboardType,
                                          submitLabel: fieldEnv.submitLabel, layout: fieldEnv.onScreenKeyboardLayout,
                                          style: fieldEnv.onScreenKeyboardStyle)
            needsReveal = true
            state.shifted = autoShift(for: field, in: state)
        }
        slideToWantedPosition()
    }

    /// Slides in or out as the mode, the focused field and (for `auto`) an attached hardware keyboard want:
    /// after a focus change, and when a keyboard is plugged in or the last one unplugged.
    func slideToWantedPosition() {
        let wanted: Bool
        switch hosting.mode {
        case .never: wanted = false
        case .always: wanted = field != nil
        case .auto: wanted = field != nil && !node.environment.current.isHardwareKeyboardAttached
        }
        slide(to: wanted ? 1 : 0)
        node.reconcile(slots)
        node.setNeedsPlacement()
        node.host.setNeedsLayout()
    }

    private func slide(to value: Double) {
        guard value != target else { return }
        target = value
        slideStart = nil
        node.host.startAnimating(self)
    }

    func tick(_ now: Double) -> Bool {
        guard node.isAlive else { return false }
        guard let start = slideStart else {
            slideStart = (now, progress)
            return true
        }
        let t = min(1, (now - start.time) / Palette.keyboardSlideDuration)
        let eased = 1 - (1 - t) * (1 - t)  // ease out: fast, then settling
        progress = start.from + (target - start.from) * eased
        node.setNeedsPlacement()
        if t >= 1 {
            progress = target
            if target == 0 { node.reconcile(slots) }  // gone: the keyboard's node goes too
            return false
        }
        return true
    }

    // MARK: Layout

    /// The keyboard's full height for a host of `size`: its rows of keys with gaps, or an app's keyboard's
    /// ideal height at the host's width.
    func keyboardHeight(for size: CGSize) -> CGFloat {
        if hosting.customKeyboard != nil {
            guard node.children.count > 1 else { return 0 }
            let h = node.children[1].sizeThatFits(ProposedViewSize(width: size.width, height: nil)).height
            return h.isFinite ? min(max(0, h), size.height) : 0
        }
        let rows = KeyboardLayouts.rows(state.page, shifted: false, submitLabel: state.submitLabel, type: state.type).count
        return CGFloat(rows) * state.style.drawnKeyHeight + CGFloat(rows + 1) * state.style.drawnSpacing
    }

    /// How much of the keyboard's full height is in (it slides).
    private func visibleHeight(_ full: CGFloat) -> CGFloat { (full * progress).rounded() }

    /// How much of a screen `screenHeight` tall the keyboard takes from the bottom, as last placed (0 while it
    /// is down): the presentation layer is laid out above it, as the app's content is.
    func overlap(screenHeight: CGFloat) -> CGFloat {
        guard progress > 0 else { return 0 }
        let top = node.frame.maxY - visibleHeight(keyboardHeight(for: node.frame.size))
        return max(0, screenHeight - top)
    }

    /// Takes the focus from the field the keyboard types into (an app's keyboard's dismiss key).
    func dismiss() {
        guard let f = field?.node, node.host.focusedNode === f else { return }
        node.host.focusedNode = nil
    }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        let s = node.children[0].sizeThatFits(proposal)
        return CGSize(width: proposal.width ?? s.width, height: proposal.height ?? s.height)
    }

    override func place(in bounds: CGRect) {
        let full = keyboardHeight(for: bounds.size)
        let visible = visibleHeight(full)
        let area = CGRect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: max(0, bounds.height - visible))
        let content = node.children[0]
        let s = content.sizeThatFits(ProposedViewSize(area.size))
        content.place(in: CGRect(x: area.minX + ((area.width - s.width) / 2).rounded(), y: area.minY + ((area.height - s.height) / 2).rounded(),
                                 width: s.width, height: s.height))
        if node.children.count > 1 {
            node.children[1].place(in: CGRect(x: bounds.minX, y: bounds.maxY - visible, width: bounds.width, height: full))
        }
        if needsReveal, progress == target { reveal(above: area.maxY) }
    }

    /// Scrolls the scroll view around the focused field so that the field shows above `limit`.
    private func reveal(above limit: CGFloat) {
        needsReveal = false
        guard let f = field?.node, f.isAlive else { return }
        let frame = f.frame
        var a = f.parent
        while let n = a {
            if let scroll = n.behavior as? ScrollViewBehavior, scroll.axes.contains(.vertical) {
                let bottom = min(limit, n.frame.maxY) - state.style.drawnSpacing
                let top = n.frame.minY + state.style.drawnSpacing
                var dy: CGFloat = 0
                if frame.maxY > bottom { dy = frame.maxY - bottom } else if frame.minY < top { dy = frame.minY - top }
                if dy != 0 {
                    scroll.scroll(to: CGPoint(x: scroll.contentOffset.x, y: scroll.contentOffset.y + dy))
                    node.host.setNeedsLayout()
                }
                return
            }
            a = n.parent
        }
    }

    // MARK: Keys

    /// Whether the field's autocapitalization wants the next letter in capitals.
    private func autoShift(for field: any TextInputTarget, in state: OnScreenKeyboardState) -> Bool {
        guard state.page == .letters, let a = field.node.environment.current.textInputAutocapitalization else { return state.shifted }
        return a.capitalizesNext(after: field.textBeforeCaret)
    }

    private func applyAutocapitalization() {
        guard let field, !state.capsLock else { return }
        let shift = autoShift(for: field, in: state)
        if shift != state.shifted { setState { $0.shifted = shift } }
    }

    func perform(_ key: KeyboardKey) {
        defer {
            if key.action != .shift { applyAutocapitalization() }
        }
        switch key.action {
        case .text(let s):
            guard !s.isEmpty else { return }
            field?.insert(state.shifted || state.capsLock ? s.uppercased() : s)
            if state.shifted, !state.capsLock { setState { $0.shifted = false } }
        case .space: field?.insert(" ")
        case .backspace: field?.deleteBackward()
        case .submit: field?.submit()
        case .shift:
            // Off → shift (one capital) → caps lock → off.
            setState {
                if $0.capsLock { $0.capsLock = false; $0.shifted = false } else if $0.shifted { $0.capsLock = true } else { $0.shifted = true }
            }
        case .page(let p): setState { $0.page = p; $0.shifted = false; $0.capsLock = false }
        }
    }

    /// An alternate chosen from a long press (already in the case shown).
    func insertAlternate(_ s: String) {
        field?.insert(s)
        if state.shifted, !state.capsLock { setState { $0.shifted = false } }
        applyAutocapitalization()
    }

    private func setState(_ change: (inout OnScreenKeyboardState) -> Void) {
        var s = state
        change(&s)
        guard s != state else { return }
        state = s
        node.reconcile(slots)
        node.host.setNeedsFrame()
    }
}

extension ViewHost {
    /// Whether a hardware keyboard is attached (the platform's input hotplug sets it): the root environment's
    /// `isHardwareKeyboardAttached`, and an `auto` on-screen keyboard up for the focused field follows it.
    package func setHardwareKeyboardAttached(_ attached: Bool) {
        guard environment.isHardwareKeyboardAttached != attached else { return }
        setEnvironment { $0.isHardwareKeyboardAttached = attached }
        keyboardHost(around: focusedNode)?.slideToWantedPosition()
    }

    /// The keyboard host around `node`, if any.
    func keyboardHost(around node: ViewNode?) -> KeyboardHostBehavior? {
        var n = node, top: ViewNode?
        while let x = n {
            if let k = x.behavior as? KeyboardHostBehavior { return k }
            if x.parent === root { top = x }
            n = x.parent
        }
        // A field in the presentation layer (a sheet's) types with the keyboard around the app's view.
        guard let top, top !== appRoot else { return nil }
        return appKeyboardHost
    }

    /// The keyboard host around the app's whole view, where the app runner puts it (down the app's first
    /// children).
    var appKeyboardHost: KeyboardHostBehavior? {
        var a = appRoot
        while let x = a {
            if let k = x.behavior as? KeyboardHostBehavior { return k }
            a = x.children.first
        }
        return nil
    }

    /// The height at the screen's bottom the app's on-screen keyboard takes (0 while it is down).
    var keyboardOverlap: CGFloat { appKeyboardHost?.overlap(screenHeight: size.height) ?? 0 }
}

/// The keyboard itself: rows of keys, drawn and hit-tested as one view (a key is a rectangle and a label; a
/// node per key would be 40 nodes to lay out for nothing).
struct OnScreenKeyboardView: View, PrimitiveView {
    let state: OnScreenKeyboardState
    unowned let controller: KeyboardHostBehavior
    func makeBehavior() -> NodeBehavior { OnScreenKeyboardBehavior() }
}

final class OnScreenKeyboardBehavior: NodeBehavior, AnimationTicking, HitTestableContent {
    private var keyboard: OnScreenKeyboardView!
    private var keys: [(key: KeyboardKey, frame: CGRect)] = []
    /// The key under the finger (drawn pressed).
    private var pressed: Int?
    /// A repeating key held down: when it went down, and how many times it has fired.
    private var repeating: (start: Double?, fired: Int)?
    /// A letter with alternates held down (a long press opens them), and when it went down.
    private var held: (index: Int, start: Double?)?
    /// The alternates shown above a long-pressed letter, and the one under the finger.
    private var popup: (alternates: [String], frames: [CGRect], selected: Int)?
    static let longPressDelay = 0.5

    override func update(_ view: any View) -> [ChildSlot]? {
        keyboard = (view as! OnScreenKeyboardView)
        pressed = nil
        return []
    }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        CGSize(width: proposal.width ?? 800, height: proposal.height ?? 240)
    }

    /// Letter pages: ten key units across, each row centred; pads: three columns at most 160 wide.
    override func place(in bounds: CGRect) {
        let s = keyboard.state
        let rows = KeyboardLayouts.rows(s.page, shifted: s.shifted || s.capsLock, submitLabel: s.submitLabel, type: s.type, layout: s.layout)
        let gap = s.style.drawnSpacing, keyHeight = s.style.drawnKeyHeight
        let widest = rows.map { $0.reduce(0) { $0 + $1.width } }.max() ?? 10
        let columns = s.page.isPad ? 3 : CGFloat(max(10, widest))
        var unit = ((bounds.width - gap) / columns).rounded(.down)
        if s.page.isPad { unit = min(unit, 160) }
        keys.removeAll(keepingCapacity: true)
        var y = bounds.minY + gap
        for row in rows {
            let units = row.reduce(0) { $0 + $1.width }
            var x = bounds.minX + ((bounds.width - CGFloat(units) * unit) / 2).rounded() + gap / 2
            for key in row {
                let w = CGFloat(key.width) * unit
                keys.append((key, CGRect(x: x, y: y, width: w - gap, height: keyHeight)))
                x += w
            }
            y += keyHeight + gap
        }
    }

    override func draw(into list: inout DisplayList) {
        let scheme = node.environment.current.colorScheme
        let s = keyboard.state, style = s.style
        list.append(.fill(ScanoutRaster.Path(roundedRect: node.frame.raster, cornerRadius: 0), style.background.paint(in: scheme), FillStyle()))
        let radius = Double(max(0, style.keyCornerRadius)), size = Double(style.drawnLabelSize)
        for (i, k) in keys.enumerated() {
            let fill: Color
            if i == pressed { fill = style.pressedKeyFill } else if k.key.action == .shift, s.shifted || s.capsLock { fill = style.keyFill } else {
                fill = k.key.isFunction ? style.functionKeyFill : style.keyFill
            }
            if let shadow = style.keyShadow {
                list.append(.fill(ScanoutRaster.Path(roundedRect: k.frame.offsetBy(dx: 0, dy: 1).raster, cornerRadius: radius),
                                  shadow.paint(in: scheme), FillStyle()))
            }
            list.append(.fill(ScanoutRaster.Path(roundedRect: k.frame.raster, cornerRadius: radius), fill.paint(in: scheme), FillStyle()))
            guard !k.key.label.isEmpty else { continue }
            let font = FontDescriptor(size: k.key.label.count > 1 && k.key.action != .shift ? (size * 17 / 24).rounded() : size)
            let m = TextEngine.shared.metrics(font)
            let w = TextEngine.shared.width(of: k.key.label, font: font)
            let x = (k.frame.midX - w / 2).rounded(), top = (k.frame.midY - m.lineHeight / 2).rounded()
            let label = k.key.action == .shift && s.capsLock ? "\u{21EA}" : k.key.label
            list.append(.text(TextRun(string: label, font: font, origin: Point(x: x, y: top + m.ascender),
                                      color: style.label.resolved(in: scheme),
                                      frame: Rect(x: x, y: top, width: w, height: m.lineHeight))))
        }
        if let p = popup { drawPopup(p, scheme: scheme, into: &list) }
    }

    private func drawPopup(_ p: (alternates: [String], frames: [CGRect], selected: Int), scheme: ColorScheme, into list: inout DisplayList) {
        guard let first = p.frames.first, let last = p.frames.last else { return }
        let style = keyboard.state.style
        let box = CGRect(x: first.minX, y: first.minY, width: last.maxX - first.minX, height: first.height)
        if let shadow = style.keyShadow {
            list.append(.fill(ScanoutRaster.Path(roundedRect: box.offsetBy(dx: 0, dy: 2).raster, cornerRadius: 8), shadow.paint(in: scheme), FillStyle()))
        }
        list.append(.fill(ScanoutRaster.Path(roundedRect: box.raster, cornerRadius: 8), style.keyFill.paint(in: scheme), FillStyle()))
        let font = FontDescriptor(size: Double(style.drawnLabelSize))
        let m = TextEngine.shared.metrics(font)
        for (i, (alt, f)) in zip(p.alternates, p.frames).enumerated() {
            var color = style.label.resolved(in: scheme)
            if i == p.selected {
                list.append(.fill(ScanoutRaster.Path(roundedRect: f.insetBy(dx: 2, dy: 2).raster, cornerRadius: 6), Palette.caret.paint(in: scheme), FillStyle()))
                color = RGBA(red: 255, green: 255, blue: 255)
            }
            let w = TextEngine.shared.width(of: alt, font: font)
            let x = (f.midX - w / 2).rounded(), top = (f.midY - m.lineHeight / 2).rounded()
            list.append(.text(TextRun(string: alt, font: font, origin: Point(x: x, y: top + m.ascender), color: color,
                                      frame: Rect(x: x, y: top, width: w, height: m.lineHeight))))
        }
    }

    func contentContains(_ point: CGPoint) -> Bool { node.frame.contains(point) }
    override func handlesTouch(at point: CGPoint) -> Bool { node.frame.contains(point) }

    private func key(at point: CGPoint) -> Int? {
        // The nearest key in the row under the finger: the gaps between keys type too.
        keys.indices.min { a, b in distance(keys[a].frame, point) < distance(keys[b].frame, point) }
    }

    private func distance(_ r: CGRect, _ p: CGPoint) -> CGFloat {
        let dx = max(r.minX - p.x, 0, p.x - r.maxX), dy = max(r.minY - p.y, 0, p.y - r.maxY)
        return dx * dx + dy * dy
    }

    private func setPressed(_ i: Int?) {
        guard i != pressed else { return }
        pressed = i
        node.setNeedsDisplay()
        node.host.setNeedsFrame()
    }

    private func alternates(of i: Int) -> [String] {
        guard case .text(let s) = keys[i].key.action, !s.isEmpty else { return [] }
        return keyboard.state.layout.alternates(for: s.lowercased())
    }

    /// After `longPressDelay` on a letter with alternates: the alternates open above it.
    private func tickLongPress(_ now: Double) -> Bool {
        guard let h = held, node.isAlive else { return false }
        guard let start = h.start else {
            held = (h.index, now)
            return true
        }
        guard now - start >= Self.longPressDelay else { return true }
        let s = keyboard.state
        let alts = alternates(of: h.index).map { s.shifted || s.capsLock ? $0.uppercased() : $0 }
        let k = keys[h.index].frame
        let w = max(k.width, Palette.minimumHitTarget), total = w * CGFloat(alts.count)
        let gap = s.style.drawnSpacing, height = s.style.drawnKeyHeight
        let x0 = min(max(node.frame.minX + gap, k.minX), node.frame.maxX - gap - total)
        let y = k.minY - height - gap
        popup = (alts, alts.indices.map { CGRect(x: x0 + CGFloat($0) * w, y: y, width: w, height: height) }, 0)
        held = nil
        node.setNeedsDisplay()
        node.host.setNeedsFrame()
        return false
    }

    override func touchBegan(at point: CGPoint) {
        popup = nil
        setPressed(key(at: point))
        if let i = pressed, !alternates(of: i).isEmpty {
            held = (i, nil)
            node.host.startAnimating(self)
        }
        if let i = pressed, keys[i].key.repeats {
            keyboard.controller.perform(keys[i].key)
            repeating = (nil, 0)
            node.host.startAnimating(self)
        }
    }

    override func touchMoved(to point: CGPoint, from start: CGPoint) {
        if var p = popup {
            let nearest = p.frames.indices.min { abs(p.frames[$0].midX - point.x) < abs(p.frames[$1].midX - point.x) } ?? 0
            if nearest != p.selected {
                p.selected = nearest
                popup = p
                node.setNeedsDisplay()
                node.host.setNeedsFrame()
            }
            return
        }
        if repeating == nil {
            let k = key(at: point)
            if k != held?.index { held = nil }  // sliding off the letter is no long press
            setPressed(k)
        }
    }

    override func touchEnded(at point: CGPoint, from start: CGPoint) {
        held = nil
        if let p = popup {
            popup = nil
            setPressed(nil)
            node.setNeedsDisplay()
            keyboard.controller.insertAlternate(p.alternates[p.selected])
            return
        }
        let i = pressed
        let wasRepeating = repeating != nil
        repeating = nil
        setPressed(nil)
        // Characters type when the finger lifts (it may slide to the right key first); backspace went on down.
        if let i, !wasRepeating { keyboard.controller.perform(keys[i].key) }
    }

    override func touchCancelled() {
        repeating = nil
        held = nil
        if popup != nil { popup = nil; node.setNeedsDisplay() }
        setPressed(nil)
    }

    /// A held backspace repeats after `keyRepeatDelay`, every `keyRepeatInterval` (frames come only while held).
    func tick(_ now: Double) -> Bool {
        if held != nil { return tickLongPress(now) }
        guard var r = repeating, let i = pressed, node.isAlive else { return false }
        guard let start = r.start else {
            repeating = (now, 0)
            return true
        }
        let due = now - start < Palette.keyRepeatDelay ? 0 : Int((now - start - Palette.keyRepeatDelay) / Palette.keyRepeatInterval) + 1
        while r.fired < due {
            r.fired += 1
            keyboard.controller.perform(keys[i].key)
        }
        repeating = r
        return true
    }
}
