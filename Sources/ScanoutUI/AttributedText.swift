/// `Text(AttributedString)` and SwiftUI's attribute scope: an attributed string's runs shown as joined text
/// parts, each with its colour, font, underline, strikethrough, tracking or kern, baseline offset and link.
/// FoundationEssentials has `AttributedString` and Foundation's attributes; SwiftUI's are declared here, with
/// Apple's names, so `string.foregroundColor = .red` and `run.font` read as in SwiftUI.

extension AttributeScopes {
    /// The attributes SwiftUI's `Text` draws (Apple's `AttributeScopes.SwiftUIAttributes`), with Foundation's.
    public struct SwiftUIAttributes: AttributeScope {
        public let foregroundColor: ForegroundColorAttribute
        public let backgroundColor: BackgroundColorAttribute
        public let font: FontAttribute
        public let underlineStyle: UnderlineStyleAttribute
        public let strikethroughStyle: StrikethroughStyleAttribute
        public let kern: KerningAttribute
        public let tracking: TrackingAttribute
        public let baselineOffset: BaselineOffsetAttribute
        public let foundation: FoundationAttributes

        public enum ForegroundColorAttribute: AttributedStringKey {
            public typealias Value = Color
            public static let name = "SwiftUI.ForegroundColor"
        }
        /// Accepted; a text's runs are drawn without a background of their own (put the text on one instead).
        public enum BackgroundColorAttribute: AttributedStringKey {
            public typealias Value = Color
            public static let name = "SwiftUI.BackgroundColor"
        }
        public enum FontAttribute: AttributedStringKey {
            public typealias Value = Font
            public static let name = "SwiftUI.Font"
        }
        public enum UnderlineStyleAttribute: AttributedStringKey {
            public typealias Value = Text.LineStyle
            public static let name = "SwiftUI.UnderlineStyle"
        }
        public enum StrikethroughStyleAttribute: AttributedStringKey {
            public typealias Value = Text.LineStyle
            public static let name = "SwiftUI.StrikethroughStyle"
        }
        public enum KerningAttribute: AttributedStringKey {
            public typealias Value = CGFloat
            public static let name = "SwiftUI.Kern"
        }
        public enum TrackingAttribute: AttributedStringKey {
            public typealias Value = CGFloat
            public static let name = "SwiftUI.Tracking"
        }
        public enum BaselineOffsetAttribute: AttributedStringKey {
            public typealias Value = CGFloat
            public static let name = "SwiftUI.BaselineOffset"
        }
    }

    public var swiftUI: SwiftUIAttributes.Type { SwiftUIAttributes.self }
}

extension AttributeDynamicLookup {
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<AttributeScopes.SwiftUIAttributes, T>) -> T {
        self[T.self]
    }
}

extension Text {
    /// The attributed string's characters, each run in its own attributes (as joined texts: `Text + Text`).
    /// Not drawn: a run's background colour. (Disfavoured: FoundationEssentials' `AttributedString` takes
    /// string literals, which must stay `LocalizedStringKey`s, as with Apple's.)
    @_disfavoredOverload
    public init(_ attributedContent: AttributedString) {
        var parts: [Text] = []
        for run in attributedContent.runs {
            var part = Text(verbatim: String(attributedContent[run.range].characters))
            if let color = run.foregroundColor { part.color = color }
            if let font = run.font { part.font = font }
            if let line = run.underlineStyle { part.underline = TextDecoration(color: line.color, pattern: line.pattern) }
            if let line = run.strikethroughStyle { part.strikethrough = TextDecoration(color: line.color, pattern: line.pattern) }
            if let tracking = run.tracking ?? run.kern { part.tracking = tracking }
            if let offset = run.baselineOffset { part.baselineOffset = offset }
            if let link = run.link { part.link = link.absoluteString }
            parts.append(part)
        }
        guard !parts.isEmpty else {
            self.init(verbatim: "")
            return
        }
        self = parts.removeFirst()
        continuation = parts
    }
}
