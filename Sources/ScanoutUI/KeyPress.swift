/// A key as SwiftUI names it: `.return`, `.escape`, `"a"`. Named keys use the characters SwiftUI uses
/// (arrows and the like are in Unicode's private use area, as in AppKit).
public struct KeyEquivalent: Hashable, Sendable, ExpressibleByExtendedGraphemeClusterLiteral, CustomStringConvertible {
    public let character: Character

    public init(_ character: Character) { self.character = character }
    public init(extendedGraphemeClusterLiteral character: Character) { self.character = character }

    public static let `return` = KeyEquivalent("\r")
    public static let escape = KeyEquivalent("\u{1B}")
    public static let tab = KeyEquivalent("\t")
    public static let space = KeyEquivalent(" ")
    /// Backspace.
    public static let delete = KeyEquivalent("\u{7F}")
    public static let deleteForward = KeyEquivalent("\u{F728}")
    public static let upArrow = KeyEquivalent("\u{F700}")
    public static let downArrow = KeyEquivalent("\u{F701}")
    public static let leftArrow = KeyEquivalent("\u{F702}")
    public static let rightArrow = KeyEquivalent("\u{F703}")
    public static let home = KeyEquivalent("\u{F729}")
    public static let end = KeyEquivalent("\u{F72B}")
    public static let pageUp = KeyEquivalent("\u{F72C}")
    public static let pageDown = KeyEquivalent("\u{F72D}")

    public var description: String { "KeyEquivalent(\(character.unicodeScalars.map { "U+\(String($0.value, radix: 16, uppercase: true))" }.joined()))" }
}

/// Modifier keys held during an event (SwiftUI's `EventModifiers`).
public struct EventModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let capsLock = EventModifiers(rawValue: 1)
    public static let shift = EventModifiers(rawValue: 2)
    public static let control = EventModifiers(rawValue: 4)
    public static let option = EventModifiers(rawValue: 8)
    public static let command = EventModifiers(rawValue: 16)
}

/// A key press delivered to `onKeyPress` handlers (SwiftUI's `KeyPress`).
public struct KeyPress: Sendable {
    /// Which moments of a key press a handler hears.
    public struct Phases: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let down = Phases(rawValue: 1)
        public static let `repeat` = Phases(rawValue: 2)
        public static let up = Phases(rawValue: 4)
        public static let all: Phases = [.down, .repeat, .up]
    }

    /// Whether a handler used the press (it goes no further) or not (it goes on to the next handler up).
    public enum Result: Sendable {
        case handled, ignored
    }

    public let key: KeyEquivalent
    /// The text the key types ("" for named keys other than space).
    public let characters: String
    public let modifiers: EventModifiers
    public let phase: Phases

    public init(key: KeyEquivalent, characters: String, modifiers: EventModifiers = [], phase: Phases = .down) {
        self.key = key
        self.characters = characters
        self.modifiers = modifiers
        self.phase = phase
    }
}

struct KeyPressModifier: PrimitiveModifier {
    let key: KeyEquivalent?
    let phases: KeyPress.Phases
    let action: (KeyPress) -> KeyPress.Result
    func makeBehavior() -> ModifierBehavior { KeyPressBehavior() }
}

final class KeyPressBehavior: ModifierBehavior {
    var m: KeyPressModifier!
    override func updateModifier(_ modifier: any ViewModifier) { m = modifier.known(as: KeyPressModifier.self) }
    override func keyPress(_ press: KeyPress) -> KeyPress.Result {
        guard m.phases.contains(press.phase), m.key == nil || m.key == press.key else { return .ignored }
        return m.action(press)
    }
}

extension View {
    /// Runs `action` when `key` goes down (or repeats) while this view or a view inside it has focus — or,
    /// when no view has focus, whenever no view nearer the front handled it (a kiosk's Escape). Return
    /// `.ignored` to let the press go on to handlers further up.
    public func onKeyPress(_ key: KeyEquivalent, action: @escaping () -> KeyPress.Result) -> some View {
        modifier(KeyPressModifier(key: key, phases: [.down, .repeat]) { _ in action() })
    }

    /// `onKeyPress` for `key` in the given phases, with the press.
    public func onKeyPress(_ key: KeyEquivalent, phases: KeyPress.Phases,
                           action: @escaping (KeyPress) -> KeyPress.Result) -> some View {
        modifier(KeyPressModifier(key: key, phases: phases, action: action))
    }

    /// `onKeyPress` for every key, in the given phases.
    public func onKeyPress(phases: KeyPress.Phases = [.down, .repeat],
                           action: @escaping (KeyPress) -> KeyPress.Result) -> some View {
        modifier(KeyPressModifier(key: nil, phases: phases, action: action))
    }
}

// MARK: Delivery and focus

extension ViewHost {
    /// Delivers a key press: to the focused view and then its ancestors, nearest first, until one handles it;
    /// with no focus, to every view, front (last drawn) first. An unhandled Tab moves the focus to the next
    /// focusable view (Shift-Tab: the previous one) in layout order; the focused `Button` takes Return and
    /// space. Returns whether something handled the press.
    @discardableResult
    public func keyPressed(_ press: KeyPress) -> Bool {
        if let focused = focusedNode, !focused.isAlive || !focused.hasAppeared { focusedNode = nil }
        var handled = false
        if let focused = focusedNode {
            var n: ViewNode? = focused
            while let node = n, !handled {
                handled = node.behavior.keyPress(press) == .handled
                n = node.parent
            }
        } else {
            for node in keyOrder().reversed() where node.behavior.keyPress(press) == .handled {
                handled = true
                break
            }
        }
        // A shortcut is for the whole screen: what the focused view (or, without focus, every view) left.
        if !handled { handled = performKeyboardShortcut(press) }
        if !handled, press.key == .tab, press.phase == .down {
            moveFocus(backwards: press.modifiers.contains(.shift))
            handled = true
        }
        if handled { requestFrame() }
        return handled
    }

    /// The view with keyboard focus, by its description (for tests and logs); nil when none has it.
    public var focusedViewName: String? { focusedNode?.name }

    private func moveFocus(backwards: Bool) {
        let candidates = keyOrder().filter { $0.behavior.isFocusable }
        guard !candidates.isEmpty else {
            focusedNode = nil
            return
        }
        let current = focusedNode.flatMap { f in candidates.firstIndex { $0 === f } }
        let next: Int
        if let current {
            next = (current + (backwards ? candidates.count - 1 : 1)) % candidates.count
        } else {
            next = backwards ? candidates.count - 1 : 0
        }
        focusedNode = candidates[next]
    }

    /// The laid-out nodes that can take input, in layout (drawing) order.
    private func keyOrder() -> [ViewNode] {
        var order: [ViewNode] = []
        func visit(_ node: ViewNode) {
            guard node.isAlive, node.hasAppeared, node.allowsHitTesting else { return }
            order.append(node)
            for child in node.children { visit(child) }
        }
        visit(root)
        return order
    }
}
