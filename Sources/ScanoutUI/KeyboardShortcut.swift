/// Keyboard shortcuts for buttons (SwiftUI's `keyboardShortcut`): a key press no focused view handled runs
/// the action of the first enabled button (in layout order) whose shortcut it matches. Panels' keyboards
/// have no Command key: a shortcut's `.command` is pressed with Control (Ctrl+S for `"s"`), as Linux
/// applications do.
public struct KeyboardShortcut: Hashable, Sendable {
    public var key: KeyEquivalent
    public var modifiers: EventModifiers

    public init(_ key: KeyEquivalent, modifiers: EventModifiers = .command) {
        self.key = key
        self.modifiers = modifiers
    }

    /// Return: the button that confirms (drawn as the default one in SwiftUI's dialogs).
    public static let defaultAction = KeyboardShortcut(.return, modifiers: [])
    /// Escape: the button that cancels.
    public static let cancelAction = KeyboardShortcut(.escape, modifiers: [])

    /// Whether `press` is this shortcut (Control stands for Command; Caps Lock does not count).
    func matches(_ press: KeyPress) -> Bool {
        guard press.phase == .down, press.key == key || press.key.character.lowercased() == key.character.lowercased() else { return false }
        var wanted = modifiers
        if wanted.contains(.command) { wanted.remove(.command); wanted.insert(.control) }
        var pressed = press.modifiers
        pressed.remove(.capsLock)
        if pressed.contains(.command) { pressed.remove(.command); pressed.insert(.control) }
        return pressed == wanted
    }
}

struct KeyboardShortcutKey: EnvironmentKey { static let defaultValue: KeyboardShortcut? = nil }

extension EnvironmentValues {
    /// The shortcut of the buttons in this view (SwiftUI keeps it private; Scanout's buttons read it here).
    var keyboardShortcut: KeyboardShortcut? {
        get { self[KeyboardShortcutKey.self] }
        set { self[KeyboardShortcutKey.self] = newValue }
    }
}

extension View {
    /// Presses the buttons in this view with `key` and `modifiers` (`.command` is Control on a panel).
    public func keyboardShortcut(_ key: KeyEquivalent, modifiers: EventModifiers = .command) -> some View {
        environment(\.keyboardShortcut, KeyboardShortcut(key, modifiers: modifiers))
    }

    /// Presses the buttons in this view with `shortcut`.
    public func keyboardShortcut(_ shortcut: KeyboardShortcut) -> some View {
        environment(\.keyboardShortcut, shortcut)
    }

    /// Presses the buttons in this view with `shortcut`; nil removes one set around it.
    public func keyboardShortcut(_ shortcut: KeyboardShortcut?) -> some View {
        environment(\.keyboardShortcut, shortcut)
    }
}

extension ViewHost {
    /// Runs the first enabled button whose shortcut `press` is; returns whether there was one.
    func performKeyboardShortcut(_ press: KeyPress) -> Bool {
        guard press.phase == .down else { return false }
        var found: ViewNode?
        visitNodes { node in
            guard node.hasAppeared, node.allowsHitTesting else { return false }
            if node.behavior.performsShortcut(press) { found = node; return true }
            return false
        }
        guard let node = found else { return false }
        node.behavior.performShortcut()
        return true
    }
}
