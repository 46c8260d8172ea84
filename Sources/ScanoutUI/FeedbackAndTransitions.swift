/// SwiftUI modifiers whose effect a panel does not have, accepted so SwiftUI code compiles and runs as
/// written: haptic feedback (a panel has no haptic engine: `sensoryFeedback` gives none), and content
/// transitions (`.numericText()` and the rest: the new text replaces the old at once, without the digit
/// roll SwiftUI animates).

/// A kind of haptic feedback (SwiftUI's `SensoryFeedback`).
public struct SensoryFeedback: Hashable, Sendable {
    let kind: Int
    public static let success = SensoryFeedback(kind: 0)
    public static let warning = SensoryFeedback(kind: 1)
    public static let error = SensoryFeedback(kind: 2)
    public static let selection = SensoryFeedback(kind: 3)
    public static let increase = SensoryFeedback(kind: 4)
    public static let decrease = SensoryFeedback(kind: 5)
    public static let start = SensoryFeedback(kind: 6)
    public static let stop = SensoryFeedback(kind: 7)
    public static let alignment = SensoryFeedback(kind: 8)
    public static let levelChange = SensoryFeedback(kind: 9)
    public static let impact = SensoryFeedback(kind: 10)
    public static func impact(weight: Weight = .medium, intensity: Double = 1) -> SensoryFeedback { .impact }
    public static func impact(flexibility: Flexibility, intensity: Double = 1) -> SensoryFeedback { .impact }

    public struct Weight: Hashable, Sendable {
        let value: Int
        public static let light = Weight(value: 0)
        public static let medium = Weight(value: 1)
        public static let heavy = Weight(value: 2)
    }

    public struct Flexibility: Hashable, Sendable {
        let value: Int
        public static let rigid = Flexibility(value: 0)
        public static let solid = Flexibility(value: 1)
        public static let soft = Flexibility(value: 2)
    }
}

/// How a view's content changes (SwiftUI's `ContentTransition`).
public struct ContentTransition: Hashable, Sendable {
    let kind: Int
    public static let identity = ContentTransition(kind: 0)
    public static let opacity = ContentTransition(kind: 1)
    public static let interpolate = ContentTransition(kind: 2)
    public static func numericText(countsDown: Bool = false) -> ContentTransition { ContentTransition(kind: 3) }
    public static func numericText(value: Double) -> ContentTransition { ContentTransition(kind: 3) }
}

extension View {
    /// Haptic feedback when `trigger` changes: none on a panel.
    public func sensoryFeedback<T: Equatable>(_ feedback: SensoryFeedback, trigger: T) -> some View { self }

    /// Haptic feedback when `trigger` changes and `condition` says so: none on a panel.
    public func sensoryFeedback<T: Equatable>(_ feedback: SensoryFeedback, trigger: T,
                                              condition: @escaping (T, T) -> Bool) -> some View { self }

    /// How the content changes: at once on a panel (see the file's comment).
    public func contentTransition(_ transition: ContentTransition) -> some View { self }
}
