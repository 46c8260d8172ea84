/// How the on-screen keyboard capitalizes (SwiftUI's `TextInputAutocapitalization`): its shift key comes on
/// at the start of each word, each sentence, or stays on for every character.
public struct TextInputAutocapitalization: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case never, words, sentences, characters }
    let kind: Kind
    public static let never = TextInputAutocapitalization(kind: .never)
    public static let words = TextInputAutocapitalization(kind: .words)
    public static let sentences = TextInputAutocapitalization(kind: .sentences)
    public static let characters = TextInputAutocapitalization(kind: .characters)

    /// Whether the next letter typed after `text` (the text before the caret) is a capital.
    func capitalizesNext(after text: Substring) -> Bool {
        switch kind {
        case .never: return false
        case .characters: return true
        case .words: return text.last.map { $0.isWhitespace } ?? true
        case .sentences:
            let trimmed = text.reversed().drop { $0.isWhitespace }
            guard let last = trimmed.first else { return true }
            return trimmed.count < text.count && (last == "." || last == "!" || last == "?")
        }
    }
}

/// The kind of content a field holds (UIKit's `UITextContentType`, as SwiftUI's `textContentType(_:)` takes
/// it). Recorded for the field; Scanout has no autofill, so it changes nothing yet.
public struct UITextContentType: Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let name = UITextContentType(rawValue: "name")
    public static let username = UITextContentType(rawValue: "username")
    public static let password = UITextContentType(rawValue: "password")
    public static let newPassword = UITextContentType(rawValue: "newPassword")
    public static let oneTimeCode = UITextContentType(rawValue: "oneTimeCode")
    public static let emailAddress = UITextContentType(rawValue: "emailAddress")
    public static let telephoneNumber = UITextContentType(rawValue: "telephoneNumber")
    public static let URL = UITextContentType(rawValue: "URL")
}

struct AutocapitalizationKey: EnvironmentKey { static let defaultValue: TextInputAutocapitalization? = nil }
struct TextContentTypeKey: EnvironmentKey { static let defaultValue: UITextContentType? = nil }
struct AutocorrectionDisabledKey: EnvironmentKey { static let defaultValue = false }

extension EnvironmentValues {
    var textInputAutocapitalization: TextInputAutocapitalization? {
        get { self[AutocapitalizationKey.self] }
        set { self[AutocapitalizationKey.self] = newValue }
    }

    var textContentType: UITextContentType? {
        get { self[TextContentTypeKey.self] }
        set { self[TextContentTypeKey.self] = newValue }
    }

    /// Whether autocorrection is off (Scanout does not autocorrect; kept for the API).
    public var autocorrectionDisabled: Bool {
        get { self[AutocorrectionDisabledKey.self] }
        set { self[AutocorrectionDisabledKey.self] = newValue }
    }
}

extension View {
    /// How the on-screen keyboard capitalizes in the fields of this view. Without it the keyboard starts in
    /// lower case (SwiftUI's platforms default to `.sentences`; a panel's codes and names mostly do not want it).
    public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> some View {
        environment(\.textInputAutocapitalization, autocapitalization)
    }

    /// The kind of content of the fields in this view (for autofill; Scanout records it).
    public func textContentType(_ type: UITextContentType?) -> some View { environment(\.textContentType, type) }

    /// Turns autocorrection off (Scanout does not autocorrect: accepted for SwiftUI code).
    public func autocorrectionDisabled(_ disable: Bool = true) -> some View { environment(\.autocorrectionDisabled, disable) }
}
