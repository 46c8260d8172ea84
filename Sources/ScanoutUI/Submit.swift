/// What submits (SwiftUI's `SubmitTriggers`): a text field's Return.
public struct SubmitTriggers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let text = SubmitTriggers(rawValue: 1)
    public static let search = SubmitTriggers(rawValue: 2)
}

/// The label of the on-screen keyboard's Return key (SwiftUI's `SubmitLabel`).
public struct SubmitLabel: Hashable, Sendable {
    let title: String
    public static let done = SubmitLabel(title: "done")
    public static let go = SubmitLabel(title: "go")
    public static let send = SubmitLabel(title: "send")
    public static let join = SubmitLabel(title: "join")
    public static let route = SubmitLabel(title: "route")
    public static let search = SubmitLabel(title: "search")
    public static let `return` = SubmitLabel(title: "return")
    public static let next = SubmitLabel(title: "next")
    public static let `continue` = SubmitLabel(title: "continue")
}

struct SubmitLabelKey: EnvironmentKey { static let defaultValue = SubmitLabel.return }

extension EnvironmentValues {
    var submitLabel: SubmitLabel {
        get { self[SubmitLabelKey.self] }
        set { self[SubmitLabelKey.self] = newValue }
    }
}

extension View {
    /// Runs `action` when a text field inside this view submits (Return, or the keyboard's Return key).
    /// Every `onSubmit` around the field runs, nearest first.
    public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void) -> some View {
        modifier(SubmitModifier(triggers: triggers, action: action))
    }

    /// The label of the on-screen keyboard's Return key for the fields in this view.
    public func submitLabel(_ label: SubmitLabel) -> some View { environment(\.submitLabel, label) }
}

struct SubmitModifier: PrimitiveModifier {
    let triggers: SubmitTriggers
    let action: () -> Void
    func makeBehavior() -> ModifierBehavior { SubmitBehavior() }
}

final class SubmitBehavior: ModifierBehavior {
    var m: SubmitModifier!
    override func updateModifier(_ modifier: any ViewModifier) { m = modifier.known(as: SubmitModifier.self) }
}

extension ViewNode {
    /// Runs the `onSubmit` actions around this node for `trigger`, nearest first.
    func submit(_ trigger: SubmitTriggers) {
        var n: ViewNode? = parent
        while let x = n {
            if let s = x.behavior as? SubmitBehavior, s.m.triggers.contains(trigger) { s.m.action() }
            n = x.parent
        }
    }
}
