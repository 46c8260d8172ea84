/// SwiftUI's accessibility modifiers. A panel has no screen reader, so nothing is spoken; the values are kept
/// on the view's node so SwiftUI code compiles unchanged and tests can find views by them
/// (`TestHost.frame(ofAccessibilityIdentifier:)`, `…Label:`), as UI tests do with XCUITest.

/// What a view is, for assistive technologies (SwiftUI's `AccessibilityTraits`).
public struct AccessibilityTraits: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let isButton = AccessibilityTraits(rawValue: 1 << 0)
    public static let isHeader = AccessibilityTraits(rawValue: 1 << 1)
    public static let isSelected = AccessibilityTraits(rawValue: 1 << 2)
    public static let isLink = AccessibilityTraits(rawValue: 1 << 3)
    public static let isSearchField = AccessibilityTraits(rawValue: 1 << 4)
    public static let isImage = AccessibilityTraits(rawValue: 1 << 5)
    public static let playsSound = AccessibilityTraits(rawValue: 1 << 6)
    public static let isKeyboardKey = AccessibilityTraits(rawValue: 1 << 7)
    public static let isStaticText = AccessibilityTraits(rawValue: 1 << 8)
    public static let isSummaryElement = AccessibilityTraits(rawValue: 1 << 9)
    public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 10)
    public static let startsMediaSession = AccessibilityTraits(rawValue: 1 << 11)
    public static let allowsDirectInteraction = AccessibilityTraits(rawValue: 1 << 12)
    public static let causesPageTurn = AccessibilityTraits(rawValue: 1 << 13)
    public static let isModal = AccessibilityTraits(rawValue: 1 << 14)
    public static let isToggle = AccessibilityTraits(rawValue: 1 << 15)
}

/// How an accessibility element made from a container treats its children (SwiftUI's
/// `AccessibilityChildBehavior`).
public struct AccessibilityChildBehavior: Hashable, Sendable {
    let kind: Int
    public static let ignore = AccessibilityChildBehavior(kind: 0)
    public static let combine = AccessibilityChildBehavior(kind: 1)
    public static let contain = AccessibilityChildBehavior(kind: 2)
}

/// The accessibility values written on one view.
struct AccessibilityInfo: Equatable {
    var label: String?
    var hint: String?
    var value: String?
    var identifier: String?
    var isHidden = false
    var traits: AccessibilityTraits = []
    var children: AccessibilityChildBehavior?
    var sortPriority: Double = 0
}

/// The modifier every accessibility modifier returns (SwiftUI's name).
public struct AccessibilityAttachmentModifier: PrimitiveModifier {
    public func body(content: Content) -> Never { fatalError("\(Self.self) is a built-in modifier") }
    let info: AccessibilityInfo
    func makeBehavior() -> ModifierBehavior { AccessibilityBehavior() }
}

final class AccessibilityBehavior: ModifierBehavior {
    private(set) var info = AccessibilityInfo()
    override var viewValueAffectsOwnOutput: Bool { false }
    override func updateModifier(_ modifier: any ViewModifier) { info = modifier.known(as: AccessibilityAttachmentModifier.self).info }
}

extension View {
    private func accessibility(_ change: (inout AccessibilityInfo) -> Void) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        var info = AccessibilityInfo()
        change(&info)
        return modifier(AccessibilityAttachmentModifier(info: info))
    }

    public func accessibilityLabel<S: StringProtocol>(_ label: S) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        accessibility { $0.label = String(label) }
    }
    public func accessibilityLabel(_ label: Text) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        accessibility { $0.label = label.string }
    }
    public func accessibilityHint<S: StringProtocol>(_ hint: S) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        accessibility { $0.hint = String(hint) }
    }
    public func accessibilityHint(_ hint: Text) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        accessibility { $0.hint = hint.string }
    }
    public func accessibilityValue<S: StringProtocol>(_ value: S) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        accessibility { $0.value = String(value) }
    }
    public func accessibilityValue(_ value: Text) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        accessibility { $0.value = value.string }
    }
    public func accessibilityIdentifier(_ identifier: String) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        accessibility { $0.identifier = identifier }
    }
    public func accessibilityHidden(_ hidden: Bool) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        accessibility { $0.isHidden = hidden }
    }
    public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        accessibility { $0.traits = traits }
    }
    public func accessibilityRemoveTraits(_ traits: AccessibilityTraits) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        accessibility { _ in }
    }
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        accessibility { $0.children = children }
    }
    public func accessibilitySortPriority(_ priority: Double) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        accessibility { $0.sortPriority = priority }
    }
}

extension ViewHost {
    /// The frame of the first view (drawing order) whose accessibility identifier or label is `text`.
    package func frame(ofAccessibility text: String, identifier: Bool) -> CGRect? {
        var found: CGRect?
        visitNodes { node in
            guard let a = node.behavior as? AccessibilityBehavior, node.hasAppeared else { return false }
            if (identifier ? a.info.identifier : a.info.label) == text { found = node.frame; return true }
            return false
        }
        return found
    }
}
