import CXKBCommon

/// A hardware keyboard's keymap through libxkbcommon: evdev key codes and the keys held become `KeyStroke`s
/// for a layout, variant and options (`xkb-layout = de`, `nodeadkeys`, `compose:ralt`...), with dead keys and
/// compose sequences. A drop-in for `KeyboardState` (same `translate`), for any layout xkeyboard-config has.
/// libxkbcommon is loaded when the first keymap is made (`XKBLibrary`); without it `init` throws.
/// Not thread-safe: one per input seat, on the main loop.
public final class XKBKeymap {
    /// How a held key repeats (xkbcommon says which keys repeat; the rate is the seat's: X's defaults).
    public struct Repeat: Sendable, Equatable {
        /// Seconds from the press to the first repeat.
        public var delay: Double
        /// Repeats per second after that.
        public var rate: Double
        public init(delay: Double = 0.6, rate: Double = 25) {
            self.delay = delay
            self.rate = rate
        }
    }

    public let layout: String
    public let variant: String
    public let options: String
    public var keyRepeat = Repeat()

    /// libxkbcommon, loaded when the first keymap is made (see `XKBLibrary`).
    private let xkb: XKBLibrary
    private let context: OpaquePointer
    private let keymap: OpaquePointer
    private let state: OpaquePointer
    private let composeTable: OpaquePointer?
    private let composeState: OpaquePointer?

    /// The keymap for `layout` (e.g. "us", "de", "fr"), `variant` and `options` (comma-separated XKB options).
    /// Compose sequences come from `locale`'s Compose file (en_US.UTF-8's when it has none).
    /// Throws `PlatformError.input` naming the layout when xkeyboard-config has no such keymap.
    public init(layout: String = "us", variant: String = "", options: String = "", locale: String? = nil) throws(PlatformError) {
        self.layout = layout
        self.variant = variant
        self.options = options
        let xkb = try XKBLibrary.shared()
        self.xkb = xkb
        guard let context = xkb.contextNew(XKB_CONTEXT_NO_FLAGS) else {
            throw .input(detail: "libxkbcommon could not make a context (is xkb-data installed? scripts/setup installs it)")
        }
        var keymap: OpaquePointer?
        layout.withCString { l in
            variant.withCString { v in
                options.withCString { o in
                    var names = xkb_rule_names(rules: nil, model: nil, layout: l, variant: variant.isEmpty ? nil : v,
                                               options: options.isEmpty ? nil : o)
                    keymap = xkb.keymapNewFromNames(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
                }
            }
        }
        guard let keymap, let state = xkb.stateNew(keymap) else {
            xkb.contextUnref(context)
            throw .input(detail: "no XKB keymap for layout \"\(layout)\" variant \"\(variant)\" options \"\(options)\": "
                + "check the xkb-layout/xkb-variant/xkb-options board keys against /usr/share/X11/xkb/symbols (package xkb-data)")
        }
        self.context = context
        self.keymap = keymap
        self.state = state
        var table: OpaquePointer?
        for name in [locale, "en_US.UTF-8"].compactMap({ $0 }) where table == nil {
            table = xkb.composeTableNewFromLocale(context, name, XKB_COMPOSE_COMPILE_NO_FLAGS)
        }
        composeTable = table
        composeState = table.flatMap { xkb.composeStateNew($0, XKB_COMPOSE_STATE_NO_FLAGS) }
    }

    deinit {
        if let composeState { xkb.composeStateUnref(composeState) }
        if let composeTable { xkb.composeTableUnref(composeTable) }
        xkb.stateUnref(state)
        xkb.keymapUnref(keymap)
        xkb.contextUnref(context)
    }

    /// Whether the key with evdev `code` repeats while held (letters do, modifiers do not).
    public func repeats(_ code: UInt32) -> Bool { xkb.keymapKeyRepeats(keymap, code + 8) != 0 }

    public var isShiftActive: Bool { isActive("Shift") }
    public var isControlActive: Bool { isActive("Control") }
    public var isAltActive: Bool { isActive("Mod1") }
    public var isCapsLockActive: Bool { isActive("Lock") }

    private func isActive(_ name: String) -> Bool {
        xkb.stateModNameIsActive(state, name, XKB_STATE_MODS_EFFECTIVE) > 0
    }

    /// The stroke for `event` (the key state is updated either way), or nil for a modifier, a dead key or a
    /// compose sequence still under way, or a key that types nothing and has no name here.
    public func translate(_ event: KeyEvent) -> KeyStroke? {
        let keycode = event.code + 8  // evdev to XKB keycodes
        let sym = xkb.stateKeyGetOneSym(state, keycode)
        // Modifiers and text as they are when the key goes down (before a modifier key changes them).
        let shift = isShiftActive, control = isControlActive, alt = isAltActive
        var text = ""
        var composing = false
        if event.isPressed {
            text = composedText(sym) ?? typed(keycode, sym)
            composing = text.isEmpty && composeIsComposing
        }
        _ = xkb.stateUpdateKey(state, keycode, event.isPressed ? XKB_KEY_DOWN : XKB_KEY_UP)
        // A dead key then space types the accent itself: a character, not the space key.
        if let named = Self.named[sym], !(named == .space && event.isPressed && !text.isEmpty && text != " ") {
            return KeyStroke(symbol: named, text: named == .space ? " " : "", isPressed: event.isPressed,
                             shift: shift, control: control, alt: alt)
        }
        guard !composing else { return nil }
        if !event.isPressed {
            // The release of a character key: what it typed (the app matches presses and releases by symbol).
            let t = typed(keycode, sym)
            guard let c = t.first, t.count == 1, !Self.isControl(c) else { return nil }
            return KeyStroke(symbol: .character(c), text: "", isPressed: false, shift: shift, control: control, alt: alt)
        }
        guard let c = text.first, !Self.isControl(c) else { return nil }
        return KeyStroke(symbol: .character(c), text: text, isPressed: true, shift: shift, control: control, alt: alt)
    }

    private var composeIsComposing: Bool {
        guard let composeState else { return false }
        return xkb.composeStateGetStatus(composeState) == XKB_COMPOSE_COMPOSING
    }

    /// Feeds `sym` to the compose state: the composed text when a sequence completes, "" while one is under
    /// way or was cancelled, nil when no sequence is involved (the key types its own text).
    private func composedText(_ sym: xkb_keysym_t) -> String? {
        guard let composeState, xkb.composeStateFeed(composeState, sym) == XKB_COMPOSE_FEED_ACCEPTED else { return nil }
        switch xkb.composeStateGetStatus(composeState) {
        case XKB_COMPOSE_COMPOSING:
            return ""
        case XKB_COMPOSE_COMPOSED:
            var buffer = [CChar](repeating: 0, count: 64)
            let n = Int(xkb.composeStateGetUTF8(composeState, &buffer, buffer.count))
            xkb.composeStateReset(composeState)
            return Self.decode(buffer, count: min(n, buffer.count - 1))
        case XKB_COMPOSE_CANCELLED:
            xkb.composeStateReset(composeState)
            return ""
        default:
            return nil
        }
    }

    /// The text the key types in the current state; a keymap's bytes that are not UTF-8 become U+FFFD.
    private func utf8(_ keycode: UInt32) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let n = Int(xkb.stateKeyGetUTF8(state, keycode, &buffer, buffer.count))
        return Self.decode(buffer, count: min(max(n, 0), buffer.count - 1))
    }

    /// What the key types; with Control held, the key's own character rather than the control character
    /// XKB makes of it (Ctrl-C is U+0003): the app wants its shortcuts (copy, select all, Ctrl-C).
    private func typed(_ keycode: UInt32, _ sym: xkb_keysym_t) -> String {
        let t = utf8(keycode)
        guard let c = t.first, Self.isControl(c), isControlActive else { return t }
        let scalar = xkb.keysymToUTF32(sym)
        guard scalar >= 0x20, scalar != 0x7F, let u = Unicode.Scalar(scalar) else { return t }
        return String(Character(u))
    }

    static func decode(_ buffer: [CChar], count: Int) -> String {
        guard count > 0 else { return "" }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func isControl(_ c: Character) -> Bool {
        c.unicodeScalars.allSatisfy { $0.value < 0x20 || $0.value == 0x7F }
    }

    /// Keysyms with a name of their own (xkbcommon-keysyms.h).
    static let named: [xkb_keysym_t: KeySymbol] = [
        0xff0d: .return, 0xff8d: .return, 0xff1b: .escape, 0xff09: .tab, 0xfe20: .tab, 0x20: .space,
        0xff08: .backspace, 0xffff: .delete, 0xff52: .up, 0xff54: .down, 0xff51: .left, 0xff53: .right,
        0xff50: .home, 0xff57: .end, 0xff55: .pageUp, 0xff56: .pageDown,
    ]
}
