import ScanoutRender

/// Why content is shown redacted (SwiftUI's `RedactionReasons`): `.placeholder` draws every text line as a
/// rounded bar in a faint version of its colour and every image as a faint box — the shape of a screen whose
/// data is still loading; `.privacy` does so for the views marked `privacySensitive()` only.
public struct RedactionReasons: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let placeholder = RedactionReasons(rawValue: 1 << 0)
    public static let privacy = RedactionReasons(rawValue: 1 << 1)
    public static let invalidated = RedactionReasons(rawValue: 1 << 2)
}

struct RedactionReasonsKey: EnvironmentKey { static let defaultValue: RedactionReasons = [] }
struct PrivacySensitiveKey: EnvironmentKey { static let defaultValue = false }

extension EnvironmentValues {
    /// The reasons content here is redacted.
    public var redactionReasons: RedactionReasons {
        get { self[RedactionReasonsKey.self] }
        set { self[RedactionReasonsKey.self] = newValue }
    }

    var isPrivacySensitive: Bool {
        get { self[PrivacySensitiveKey.self] }
        set { self[PrivacySensitiveKey.self] = newValue }
    }

    /// Whether text and images here are drawn as placeholders.
    var isRedacted: Bool {
        let reasons = redactionReasons
        return reasons.contains(.placeholder) || (isPrivacySensitive && reasons.contains(.privacy))
    }
}

extension View {
    /// Redacts this view's content for `reason` (added to the reasons already in force).
    public func redacted(reason: RedactionReasons) -> some View {
        transformEnvironment(\.redactionReasons) { $0.formUnion(reason) }
    }
    /// Shows this view's content whatever reasons to redact it are in force above.
    public func unredacted() -> some View { environment(\.redactionReasons, []) }
    /// Marks this view's content as private: redacted when the reasons in force include `.privacy`.
    public func privacySensitive(_ sensitive: Bool = true) -> some View { environment(\.isPrivacySensitive, sensitive) }
}

enum Redaction {
    /// How much of its colour a placeholder keeps.
    static let opacity = 0.18

    /// A placeholder bar for a line of text in `box` (its line box): the middle 70 % of its height, rounded.
    static func bar(for box: CGRect, color: RGBA, into list: inout DisplayList) {
        guard box.width > 0, box.height > 0 else { return }
        let h = box.height * 0.7
        let r = CGRect(x: box.minX, y: box.minY + (box.height - h) / 2, width: box.width, height: h)
        list.append(.fill(ScanoutRaster.Path(roundedRect: r.raster, cornerRadius: h * 0.25), .solid(faded(color)), FillStyle()))
    }

    /// A placeholder box for an image or symbol in `frame`.
    static func box(_ frame: CGRect, color: RGBA, into list: inout DisplayList) {
        guard frame.width > 0, frame.height > 0 else { return }
        list.append(.fill(ScanoutRaster.Path(roundedRect: frame.raster, cornerRadius: min(frame.width, frame.height) * 0.12),
                          .solid(faded(color)), FillStyle()))
    }

    static func faded(_ c: RGBA) -> RGBA {
        RGBA(red: c.red, green: c.green, blue: c.blue, alpha: UInt8((Double(c.alpha) * opacity).rounded()))
    }
}
