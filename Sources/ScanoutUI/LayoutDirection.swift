/// The direction of the content's reading order (SwiftUI's `LayoutDirection`).
public enum LayoutDirection: Hashable, CaseIterable, Sendable {
    case leftToRight
    case rightToLeft
}

/// The default follows the app's language, as SwiftUI's follows the system's: right to left for Arabic,
/// Hebrew, Persian, Urdu and the other right-to-left languages of the locale (LANG, the board's `locale`).
struct LayoutDirectionKey: EnvironmentKey {
    static let defaultValue: LayoutDirection = {
        let language = Locale(identifier: LocaleDefaults.identifier).scanoutLanguageCode
        let rtl = ["ar", "he", "iw", "fa", "ur", "ps", "yi", "dv", "ckb", "ug", "sd"].contains(language)
        if rtl { layoutMirroringUsed = true }
        return rtl ? .rightToLeft : .leftToRight
    }()
}

extension EnvironmentValues {
    /// The layout direction views below lay out in. Right to left mirrors layout as SwiftUI does: each container
    /// places its children as in left to right, then mirrored inside its own frame, so stacks run from the right,
    /// `.leading` is the right edge (alignment, padding, frames, multiline text), and `.offset(x:)` moves toward
    /// the leading edge for negative values, the trailing for positive ones. Text and images are not mirrored
    /// themselves (an image opts in with `flipsForRightToLeftLayoutDirection(true)`).
    public var layoutDirection: LayoutDirection {
        get { self[LayoutDirectionKey.self] }
        set {
            if newValue == .rightToLeft { layoutMirroringUsed = true }
            self[LayoutDirectionKey.self] = newValue
        }
    }
}

/// Whether any view in the process has been laid out right to left: until then placing a view reads no
/// environment (the common case pays one load per placement, checked by `ViewNode.place`). A plain global with
/// a constant initial value: no lazy-initialisation call in the placing loops (which cost retains around it).
/// Written only from the main actor, where environments are made; it only ever turns true.
nonisolated(unsafe) var layoutMirroringUsed = false

@MainActor
enum LayoutMirroring {
    /// `rect` (placed by `node`'s container as in left to right) mirrored inside that container's frame when
    /// `node` lays out right to left (called out of line by `ViewNode.placeMirrored`: placing is hot, this rare).
    static func mirrored(_ rect: CGRect, for node: ViewNode) -> CGRect {
        guard node.environment.current.layoutDirection == .rightToLeft else { return rect }
        // The container is the nearest ancestor that is placed itself (transparent nodes never are); it was
        // placed before its children, so its frame is already where it ends up.
        var container = node.parent
        while let c = container, c.behavior.role == .transparent { container = c.parent }
        guard let bounds = container?.frame else { return rect }
        var r = rect
        r.origin.x = bounds.minX + bounds.maxX - rect.maxX
        return r
    }
}

extension View {
    /// Mirrors the view's drawing horizontally when the layout direction is right to left (arrows, progress
    /// glyphs); by default images are drawn as they are in both directions, as SwiftUI's.
    public func flipsForRightToLeftLayoutDirection(_ enabled: Bool) -> some View {
        modifier(FlipsForRightToLeftModifier(enabled: enabled))
    }
}

struct FlipsForRightToLeftModifier: ViewModifier {
    let enabled: Bool
    @Environment(\.layoutDirection) private var direction
    func body(content: Content) -> some View {
        content.scaleEffect(x: enabled && direction == .rightToLeft ? -1 : 1, y: 1)
    }
}
