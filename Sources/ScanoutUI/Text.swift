import ScanoutRender

/// A line or paragraph of read-only text (SwiftUI's `Text`). It measures itself through the text engine:
/// ideal size is one line per paragraph; a proposed width wraps it at spaces. Texts joined with `+` keep
/// their own styles and wrap as one paragraph (see RichText.swift).
public struct Text: View, PrimitiveView, Equatable {
    /// This text's own characters (the first part of a joined text).
    var content: String
    /// The rest, shared between copies until one is changed (nil: none set). A text is copied many times on its
    /// way from a body to its node, and most texts set nothing: kept inline, these made a text 240 bytes with
    /// eight counted references, copied a dozen times per text of a list's first frame.
    private var attributes: TextAttributes?

    var weight: FontDescriptor.Weight? { get { attributes?.weight } set { change { $0.weight = newValue } } }
    var color: Color? { get { attributes?.color } set { change { $0.color = newValue } } }
    /// This text's own font (over the environment's), as `Text.font(_:)` sets it.
    var font: Font? { get { attributes?.font } set { change { $0.font = newValue } } }
    var monospacedDigits: Bool { get { attributes?.monospacedDigits ?? false } set { change { $0.monospacedDigits = newValue } } }
    /// The monospaced face or not, over the font's own design (`Text.monospaced()`, `fontDesign(_:)`; nil: the font's).
    var isMonospaced: Bool? { get { attributes?.isMonospaced } set { change { $0.isMonospaced = newValue } } }
    /// Points added after each character (`tracking(_:)`/`kerning(_:)`; nil: the environment's).
    var tracking: CGFloat? { get { attributes?.tracking } set { change { $0.tracking = newValue } } }
    /// Drawn slanted (`italic()`): DejaVu's upright faces sheared, as renderers do without an italic face.
    var isItalic: Bool { get { attributes?.isItalic ?? false } set { change { $0.isItalic = newValue } } }
    /// `underline()` and `strikethrough()`: drawn, in the given colour or the text's.
    var underline: TextDecoration? { get { attributes?.underline } set { change { $0.underline = newValue } } }
    var strikethrough: TextDecoration? { get { attributes?.strikethrough } set { change { $0.strikethrough = newValue } } }
    /// The texts joined after this one with `+`, in order, each with its own style.
    var continuation: [Text] { get { attributes?.continuation ?? [] } set { change { $0.continuation = newValue } } }
    /// A date shown instead of `content` (`Text(date, style:)`), formatted when laid out.
    var live: LiveDate? { get { attributes?.live } set { change { $0.live = newValue } } }
    /// The key a localized text is looked up by where it is shown; `content` then holds the key with its
    /// values put in (what the text shows when no catalog has it).
    var localized: LocalizedTextSource? { get { attributes?.localized } set { change { $0.localized = newValue } } }
    /// Whether the key holds Markdown, read where the text is shown (see `resolvingMarkdown`).
    var isMarkdown: Bool { get { attributes?.isMarkdown ?? false } set { change { $0.isMarkdown = newValue } } }
    /// The destination of a Markdown link this part shows: drawn in the tint, a tap on it opens it.
    var link: String? { get { attributes?.link } set { change { $0.link = newValue } } }
    /// Points this part's baseline is raised above the line's (`baselineOffset(_:)`: superscripts, units).
    var baselineOffset: CGFloat { get { attributes?.baselineOffset ?? 0 } set { change { $0.baselineOffset = newValue } } }

    /// Changes this text's attributes only (copies shared with other texts keep theirs). Each setter writes its
    /// property directly: through a key path the compiler could no longer see which are written, and every read
    /// of an attribute paid a run-time exclusivity check.
    private mutating func change(_ body: (TextAttributes) -> Void) {
        if let a = attributes {
            if !isKnownUniquelyReferenced(&attributes) { attributes = TextAttributes(copying: a) }
        } else {
            attributes = TextAttributes()
        }
        body(attributes!)
    }

    public nonisolated static func == (a: Text, b: Text) -> Bool {
        guard a.content == b.content else { return false }
        if a.attributes === b.attributes { return true }
        return (a.attributes ?? TextAttributes.none).isSame(as: b.attributes ?? TextAttributes.none)
    }

    /// A localized text (SwiftUI's `Text(_:tableName:bundle:comment:)`, what a string literal makes): `key`
    /// is looked up in `tableName` (`Localizable` when nil) of `bundle` (`Bundle.main` when nil) for the
    /// environment's `\.locale`; a key no catalog has is shown as it is, its values put in.
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {
        content = key.fallback
        localized = LocalizedTextSource(key: key, tableName: tableName, bundle: bundle)
        if InlineMarkdown.mayContainMarkup(key.key) { isMarkdown = true }
    }
    /// A string shown as it is, not localized (a value from a model; a literal goes to the key form).
    @_disfavoredOverload
    public init<S: StringProtocol>(_ content: S) { self.content = String(content) }
    public init(verbatim content: String) { self.content = content }

    func makeBehavior() -> NodeBehavior { TextBehavior() }

    /// All the characters, joined parts included.
    var string: String { continuation.isEmpty ? content : continuation.reduce(content) { $0 + $1.content } }

    /// The font this text is drawn in within `environment`: its own, else the environment's, else body, at its
    /// own weight.
    func resolvedFont(in environment: EnvironmentValues) -> FontDescriptor {
        var d = (font ?? environment.font ?? .body).descriptor(in: environment)
        if let w = weight { d.weight = w }
        if let m = isMonospaced { d.monospaced = m }
        return d
    }

    /// The colour this text is drawn in within `environment`: its own, else the foreground, in the colour scheme;
    /// a link's is the tint, whatever the foreground (as SwiftUI's: `.tint` colours links).
    func resolvedColor(in environment: EnvironmentValues) -> RGBA {
        if link != nil { return environment.resolvedTint.resolved(in: environment.colorScheme) }
        return (color ?? environment.foregroundColor ?? .primary).resolved(in: environment.colorScheme)
    }
    /// The parts in order, each with its own style (one for a text that was not joined).
    var parts: [Text] {
        guard !continuation.isEmpty else { return [self] }
        var head = self
        head.continuation = []
        return [head] + continuation
    }
    /// Whether this text needs the rich layout (joined parts, decorations, slant) rather than the plain one.
    var isRich: Bool { !continuation.isEmpty || isItalic || underline != nil || strikethrough != nil || baselineOffset != 0 }
    /// Whether a part's key holds Markdown to be read where it is shown.
    var holdsMarkdown: Bool { isMarkdown || continuation.contains { $0.isMarkdown } }

    /// All the characters, translated for `locale` where a part is localized (dates as when made), Markdown read.
    @MainActor func resolved(in locale: Locale) -> String {
        resolvingMarkdown(locale: locale).parts.map { part in
            part.localized.flatMap { Localization.translation(for: $0, locale: locale) } ?? part.content
        }.joined()
    }

    /// This text with each part whose key holds Markdown (see `InlineMarkdown`) read in `locale` — its
    /// translation there, or the key — and split into parts by style: bold, italic, monospaced, struck
    /// through, links. Each keeps the part's own style under its Markdown's. Itself when no part holds any.
    @MainActor func resolvingMarkdown(locale: Locale) -> Text {
        guard holdsMarkdown else { return self }
        var result: [Text] = []
        for part in parts {
            guard part.isMarkdown, let source = part.localized else { result.append(part); continue }
            let string = Localization.translation(for: source, locale: locale, markingValues: true) ?? source.key.markedFallback
            var base = part
            base.isMarkdown = false
            base.localized = nil
            let runs = InlineMarkdown.runs(of: string)
            if runs.isEmpty { base.content = ""; result.append(base) }
            for run in runs {
                var t = base
                t.content = run.text
                if run.style.strong { t.weight = .bold }
                if run.style.emphasis { t.isItalic = true }
                if run.style.code { t.isMonospaced = true }
                if run.style.strikethrough, t.strikethrough == nil { t.strikethrough = TextDecoration() }
                if let link = run.style.link { t.link = link }
                result.append(t)
            }
        }
        var head = result.removeFirst()
        head.continuation = result
        return head
    }

    /// The same change made to this text and every part joined to it (SwiftUI styles a joined text whole).
    func styled(_ change: (inout Text) -> Void) -> Text {
        var t = self
        change(&t)
        for i in t.continuation.indices { change(&t.continuation[i]) }
        return t
    }

    /// As `styled`, but a joined text's parts that have a value of their own keep it (`(Text("Alarm")
    /// .foregroundColor(.red) + Text(" cleared")).foregroundColor(.secondary)` keeps "Alarm" red, as SwiftUI does,
    /// and an attributed string's runs keep their attributes).
    func styled(unlessSet isSet: (Text) -> Bool, _ change: (inout Text) -> Void) -> Text {
        guard !continuation.isEmpty else { return styled(change) }
        var t = self
        if !isSet(t) { change(&t) }
        for i in t.continuation.indices where !isSet(t.continuation[i]) { change(&t.continuation[i]) }
        return t
    }

    public func bold() -> Text { styled(unlessSet: { $0.weight != nil }) { $0.weight = .bold } }
    public func bold(_ isActive: Bool) -> Text { styled(unlessSet: { $0.weight != nil }) { $0.weight = isActive ? .bold : .regular } }
    public func fontWeight(_ weight: Font.Weight?) -> Text { styled(unlessSet: { $0.weight != nil }) { $0.weight = weight?.descriptorWeight } }
    public func foregroundColor(_ color: Color?) -> Text { styled(unlessSet: { $0.color != nil }) { $0.color = color } }
    public func foregroundStyle(_ color: Color) -> Text { styled(unlessSet: { $0.color != nil }) { $0.color = color } }
    /// The font of this text (SwiftUI's `Text.font(_:)`: still a `Text`, no environment writer around it).
    public func font(_ font: Font?) -> Text { styled(unlessSet: { $0.font != nil }) { $0.font = font } }
    /// Digits of equal width, so a changing number does not jitter (SwiftUI's `Text.monospacedDigit()`).
    public func monospacedDigit() -> Text { styled { $0.monospacedDigits = true } }
    /// Adds `tracking` points after each character (negative: closer). Text in joined or complex scripts
    /// (Arabic, Devanagari, Thai …), which HarfBuzz shapes, is not spaced out.
    public func tracking(_ tracking: CGFloat) -> Text { styled(unlessSet: { $0.tracking != nil }) { $0.tracking = tracking } }
    /// Adds `kerning` points between characters (Scanout spaces them as `tracking` does; ligatures are not
    /// formed in the text it spaces in either case).
    public func kerning(_ kerning: CGFloat) -> Text { styled(unlessSet: { $0.tracking != nil }) { $0.tracking = kerning } }
    /// Raises the text's baseline by `baselineOffset` points (negative: lowers it), as for a unit's exponent:
    /// `Text("m") + Text("3").baselineOffset(6)`. The line grows to hold it.
    public func baselineOffset(_ baselineOffset: CGFloat) -> Text {
        styled(unlessSet: { $0.baselineOffset != 0 }) { $0.baselineOffset = baselineOffset }
    }
    /// Slanted text.
    public func italic() -> Text { styled { $0.isItalic = true } }
    public func italic(_ isActive: Bool) -> Text { styled { $0.isItalic = isActive } }
    /// A line under the text, in `pattern` and `color` (the text's colour when nil).
    public func underline(_ isActive: Bool = true, pattern: LineStyle.Pattern = .solid, color: Color? = nil) -> Text {
        styled(unlessSet: { $0.underline != nil }) { $0.underline = isActive ? TextDecoration(color: color, pattern: pattern) : nil }
    }
    /// A line through the text, in `pattern` and `color` (the text's colour when nil).
    public func strikethrough(_ isActive: Bool = true, pattern: LineStyle.Pattern = .solid, color: Color? = nil) -> Text {
        styled(unlessSet: { $0.strikethrough != nil }) { $0.strikethrough = isActive ? TextDecoration(color: color, pattern: pattern) : nil }
    }

    /// The two texts as one paragraph, each part keeping its style (`Text("Speed ") + Text("820").bold()`).
    public static func + (lhs: Text, rhs: Text) -> Text {
        var t = lhs
        t.continuation.append(contentsOf: rhs.parts)
        return t
    }
}

/// What a `Text` sets besides its characters (see `Text.attributes`). Unchecked `Sendable`: an instance shared
/// by several texts is never changed (a text changes its own copy), so reading one anywhere is safe.
final class TextAttributes: @unchecked Sendable {
    var weight: FontDescriptor.Weight?
    var color: Color?
    var font: Font?
    var monospacedDigits = false
    var isMonospaced: Bool?
    var tracking: CGFloat?
    var isItalic = false
    var underline: TextDecoration?
    var strikethrough: TextDecoration?
    var continuation: [Text] = []
    var live: LiveDate?
    var localized: LocalizedTextSource?
    var isMarkdown = false
    var link: String?
    var baselineOffset: CGFloat = 0

    /// A text with none set, to compare with (never changed).
    static let none = TextAttributes()

    init() {}

    init(copying o: TextAttributes) {
        weight = o.weight
        color = o.color
        font = o.font
        monospacedDigits = o.monospacedDigits
        isMonospaced = o.isMonospaced
        tracking = o.tracking
        isItalic = o.isItalic
        underline = o.underline
        strikethrough = o.strikethrough
        continuation = o.continuation
        live = o.live
        localized = o.localized
        isMarkdown = o.isMarkdown
        link = o.link
        baselineOffset = o.baselineOffset
    }

    func isSame(as o: TextAttributes) -> Bool {
        weight == o.weight && color == o.color && font == o.font && monospacedDigits == o.monospacedDigits && isMonospaced == o.isMonospaced
            && tracking == o.tracking && isItalic == o.isItalic && underline == o.underline && strikethrough == o.strikethrough
            && continuation == o.continuation && live == o.live && localized == o.localized && isMarkdown == o.isMarkdown
            && link == o.link && baselineOffset == o.baselineOffset
    }
}

/// A line drawn with text (`underline`, `strikethrough`).
struct TextDecoration: Equatable {
    var color: Color?
    var pattern = Text.LineStyle.Pattern.solid
}

extension Text {
    /// How an underline or strikethrough is drawn (SwiftUI's `Text.LineStyle`).
    public struct LineStyle: Hashable, Sendable {
        /// Solid, or dotted and dashed in lengths of the line's thickness.
        public enum Pattern: Hashable, Sendable { case solid, dot, dash, dashDot, dashDotDot }
        public let pattern: Pattern
        public let color: Color?
        public init(pattern: Pattern = .solid, color: Color? = nil) { self.pattern = pattern; self.color = color }
        public static let single = LineStyle()
    }
}

final class TextBehavior: NodeBehavior {
    override var drawingReadsPlacement: Bool { false }  // draws from its frame, or only its children
    /// The text as shown: the view's, its Markdown read (see `Text.resolvingMarkdown`).
    var text: Text!
    /// The text as the view gave it, and the locale its Markdown was read in (nil: it holds none).
    private var source: Text?
    private var markdownLocale: Locale?
    /// Line breaks by proposed width, for one font (stacks probe a text at several widths per layout).
    @exclusivity(unchecked) private var laidOut = LayoutCache<Double?, [TextLine]>()
    private var laidOutFont: FontDescriptor?
    /// The style the lines were broken in (its case and locale).
    private var laidOutStyle: Style?
    /// The characters the lines were broken from (translated, cased), made once for all the widths probed.
    private var laidOutContent: String?
    /// The rich layout (joined parts, decorations) by proposed width, and the environment it was made in.
    private var richLaidOut: [CGFloat?: RichTextLayout] = [:]
    private var richKey: RichLayoutKey?
    /// Sizes by proposed width while the node's layout stays valid (`layoutVersion`): a stack probes a text at
    /// each height it tries (0, the one given, unbounded), and only a minimum scale factor makes the height count.
    @exclusivity(unchecked) private var sizesByWidth = LayoutCache<Double?, CGSize>()
    @exclusivity(unchecked) private var sizesVersion: UInt64?

    /// What the text reads from its environment to be laid out, resolved once per change of the environment
    /// (each value is a dictionary look-up and a cast, and a stack measures a text at several widths). A class:
    /// handing it to the measuring functions is one retain, not one per value it holds.
    @MainActor private final class Style {
        let font: FontDescriptor
        let textCase: Text.Case?
        /// The locale the text is localized for (nil for a text that is not localized).
        let locale: Locale?
        let lineLimit: Int?
        let reservedLines: Int
        let lineSpacing: CGFloat
        let truncationMode: Text.TruncationMode
        let minimumScaleFactor: CGFloat
        /// Whether `View.underline`/`strikethrough` around decorate it (then it is drawn as rich text).
        let decorated: Bool
        /// The metrics of `font` (a look-up of its face otherwise).
        let metrics: (ascender: Double, descender: Double, lineHeight: Double)
        /// What drawing reads: the colour (the text's own or the environment's, in its colour scheme), and
        /// where lines go.
        let color: RGBA
        let alignment: TextAlignment
        let direction: LayoutDirection

        init(text: Text, font: FontDescriptor, environment: EnvironmentValues) {
            self.font = font
            metrics = TextEngine.shared.metrics(font)
            color = text.resolvedColor(in: environment)
            alignment = environment.multilineTextAlignment
            direction = environment.layoutDirection
            textCase = environment.textCase
            locale = text.localized == nil ? nil : environment.locale
            lineLimit = environment.lineLimit
            reservedLines = environment.reservedLines
            lineSpacing = environment.lineSpacing
            truncationMode = environment.truncationMode
            minimumScaleFactor = environment.minimumScaleFactor
            decorated = !environment.textDecorations.isEmpty
        }
    }
    private var resolvedStyle: Style?
    /// The environment the style was resolved in, and its value's last change then.
    private var styleEnvironment: EnvironmentNode?
    private var styleChangedAt: UInt64 = 0

    private var style: Style {
        let environmentNode = node.environment
        let changedAt = environmentNode.values.upToDateChangedAt
        if let resolvedStyle, styleEnvironment === environmentNode, styleChangedAt == changedAt { return resolvedStyle }
        let environment = environmentNode.current
        let style = Style(text: text, font: font(in: environment), environment: environment)
        resolvedStyle = style
        styleEnvironment = environmentNode
        styleChangedAt = changedAt
        return style
    }

    private struct RichLayoutKey: Equatable {
        var font: Font?
        var textCase: Text.Case?
        var lineLimit: Int?
        var reserved: Int
        var lineSpacing: CGFloat
        var locale: Locale?
        var tracking: CGFloat = 0
        var fontModifiers = FontModifiers()
        var decorations = TextDecorations()
    }

    /// The locale the text is localized for here, if any part of it is localized.
    private func localizationLocale(_ environment: EnvironmentValues) -> Locale? {
        (source ?? text).parts.contains { $0.localized != nil } ? environment.locale : nil
    }

    override func update(_ view: any View) -> [ChildSlot]? {
        let t = view.known(as: Text.self)
        if t != source {
            forgetLines()
            resolvedStyle = nil
            if t.holdsMarkdown {
                text = readingMarkdown(t, locale: node.environment.current.locale)
            } else {
                text = t
                markdownLocale = nil
            }
        }
        source = t
        if node.hasAppeared { updateLiveRegistration() }
        return []
    }

    // MARK: Dates kept current

    /// Registered with the host's timelines while a part shows a relative date and the text is shown.
    private var liveTimeline: LiveDateTimeline?
    /// The live parts' strings as last laid out.
    private var liveStrings: [String] = []

    private var hasLiveParts: Bool {
        // (Not through `parts`, which copies the text into an array: this runs for every text that appears.)
        if text.live?.isLive == true { return true }
        for part in text.continuation where part.live?.isLive == true { return true }
        return false
    }

    /// What a part shows now: its characters, its translation for the environment's locale, or its date
    /// formatted at the host's time.
    func shown(_ part: Text) -> String {
        // `content` is the key with its values put in: what an untranslated key shows.
        if let source = part.localized { return Localization.translation(for: source, locale: node.environment.current.locale) ?? part.content }
        guard let live = part.live else { return part.content }
        return live.string(at: node.host.date)
    }

    /// All the characters as shown here (translated, dates formatted), for finding a text by what it says.
    var shownString: String { text.parts.map(shown).joined() }

    private func updateLiveRegistration() {
        if hasLiveParts {
            let t = liveTimeline ?? LiveDateTimeline(self)
            liveTimeline = t
            node.host.timelines[ObjectIdentifier(t)] = t
        } else if let t = liveTimeline {
            node.host.timelines[ObjectIdentifier(t)] = nil
            liveTimeline = nil
        }
    }

    override func appeared() { updateLiveRegistration() }
    override func disappeared() { unregisterLive() }
    override func destroyed() { unregisterLive() }
    private func unregisterLive() {
        if let t = liveTimeline { node.host.timelines[ObjectIdentifier(t)] = nil }
        liveTimeline = nil
    }

    /// The clock moved: a live part whose text changed lays the text out and draws it again.
    func liveDateMayHaveChanged(at now: Date) {
        let strings = text.parts.compactMap { $0.live.map { $0.string(at: now) } }
        guard strings != liveStrings else { return }
        liveStrings = strings
        forgetLines()
        node.invalidateLayout()
        node.setNeedsDisplay()
        node.host.setNeedsLayout()
    }

    private func font(in environment: EnvironmentValues) -> FontDescriptor {
        var d = text.resolvedFont(in: environment)
        d.tracking = Double(text.tracking ?? environment.tracking)
        return d
    }

    private func lines(maxWidth: CGFloat?, font f: FontDescriptor, style: Style) -> [TextLine] {
        let textCase = style.textCase
        // The lines depend on the style's case and locale, and on the font (the style's, unless it is scaled
        // to fit: then the sizes tried).
        if laidOutStyle !== style || (style.minimumScaleFactor < 1 && laidOutFont != f) {
            forgetLines()
            laidOutStyle = style
            laidOutFont = f
        }
        if let l = laidOut[maxWidth] { return l }
        let content: String
        if let known = laidOutContent {
            content = known
        } else {
            let shown = shown(text)
            content = textCase?.apply(shown) ?? shown
            laidOutContent = content
        }
        // Lines that all fit break the same at any width they fit in (a fixed-size text is measured
        // unconstrained, then drawn in its frame's width; a stack offers a label more than it needs).
        if let w = maxWidth, w > 0, laidOut[nil] == nil {
            laidOut[nil] = TextEngine.shared.lines(of: content, font: f, maxWidth: nil)
        }
        if let w = maxWidth, let free = laidOut[nil], Self.allFit(free, in: w) {
            return free  // (not kept again under this width: any width they fit in finds them)
        }
        let lines = TextEngine.shared.lines(of: content, font: f, maxWidth: maxWidth)
        laidOut[maxWidth] = lines
        return lines
    }

    private func readingMarkdown(_ t: Text, locale: Locale) -> Text {
        markdownLocale = locale
        return t.resolvingMarkdown(locale: locale)
    }

    /// A Markdown text read in another locale than its environment's now is read again (a translation may
    /// style other words).
    /// (Measured and drawn for every text: one test of `markdownLocale` for a text without Markdown.)
    private func readMarkdownAgainIfNeeded() {
        guard let read = markdownLocale, let source else { return }
        let locale = node.environment.current.locale
        guard locale != read else { return }
        text = readingMarkdown(source, locale: locale)
        forgetLines()
        resolvedStyle = nil
    }

    // MARK: Links

    /// The link pressed (a Markdown link the touch went down on).
    private var pressedLink: String?

    override func handlesTouch(at point: CGPoint) -> Bool {
        guard text.link != nil || text.continuation.contains(where: { $0.link != nil }) else { return false }
        return link(at: point) != nil
    }
    override func touchBegan(at point: CGPoint) { pressedLink = link(at: point) }
    override func touchCancelled() { pressedLink = nil }
    /// A tap that lifts on the link it went down on opens it through the environment's `openURL`.
    override func touchEnded(at point: CGPoint, from start: CGPoint) {
        defer { pressedLink = nil }
        guard let pressed = pressedLink, link(at: point) == pressed else { return }
        guard let url = URL(string: pressed) else {
            print("scanout: the Markdown link \"\(pressed)\" is not a URL; nothing opened")
            return
        }
        node.environment.current.openURL(url)
    }

    /// The link drawn at `point`, if any (a plain text is one part: its link, anywhere in its frame).
    private func link(at point: CGPoint) -> String? {
        guard node.frame.contains(point) else { return nil }
        guard isRich else { return text.link }
        let layout = richLayout(maxWidth: node.frame.width + 0.5, environment: node.environment.current)
        guard let part = layout.part(at: point, in: node.frame, environment: node.environment.current) else { return nil }
        return text.parts[part].link
    }

    /// Drops the lines broken so far (the text, its style or its live parts changed).
    private func forgetLines() {
        laidOut.removeAll()
        richLaidOut.removeAll()
        laidOutContent = nil
    }

    /// Whether every line is at most `width` wide (nonisolated: a closure for `allSatisfy` made in the
    /// behaviour would be main-actor isolated and check the executor each call).
    private nonisolated static func allFit(_ lines: [TextLine], in width: Double) -> Bool {
        for line in lines where line.width > width { return false }
        return true
    }

    /// The lines shown in `maxWidth` at `font`: wrapped, cut to the line limit with "…" where the
    /// truncation mode says.
    private func shownLines(maxWidth: Double?, font f: FontDescriptor, style: Style) -> [TextLine] {
        let all = lines(maxWidth: maxWidth, font: f, style: style)
        if style.truncationMode != .tail, style.lineLimit == 1, all.count > 1 || (maxWidth.map { w in all.contains { $0.width > w } } ?? false),
           let w = maxWidth {
            let content = shown(text)
            let whole = style.textCase?.apply(content) ?? content
            return [TextLineLimit.truncated(whole, mode: style.truncationMode, maxWidth: w, font: f)]
        }
        return TextLineLimit.apply(all, limit: style.lineLimit, maxWidth: maxWidth, font: f)
    }

    /// `fittedFont` and its metrics (the style's, without a look-up, when the font is not scaled to fit).
    private func fitted(maxWidth: Double?, maxHeight: Double?, style: Style)
        -> (FontDescriptor, (ascender: Double, descender: Double, lineHeight: Double)) {
        guard style.minimumScaleFactor < 1, maxWidth != nil else { return (style.font, style.metrics) }
        let f = fittedFont(maxWidth: maxWidth, maxHeight: maxHeight, style: style)
        return (f, TextEngine.shared.metrics(f))
    }

    /// The font the text is drawn in for a width: its own, or — with a `minimumScaleFactor` — the largest
    /// size down to that factor at which it fits the width and the line limit (or `maxHeight`).
    private func fittedFont(maxWidth: Double?, maxHeight: Double?, style: Style) -> FontDescriptor {
        let f = style.font
        let factor = style.minimumScaleFactor
        guard factor < 1, let w = maxWidth else { return f }
        func fits(_ d: FontDescriptor) -> Bool {
            let ls = lines(maxWidth: w, font: d, style: style)
            if let limit = style.lineLimit, ls.count > limit { return false }
            if ls.contains(where: { $0.width > w + 0.5 }) { return false }
            if let h = maxHeight {
                let m = TextEngine.shared.metrics(d)
                if Double(ls.count) * m.lineHeight + Double(max(0, ls.count - 1)) * style.lineSpacing > h + 0.5 { return false }
            }
            return true
        }
        if fits(f) { return f }
        // Half-point steps down to the smallest size allowed (a handful of measurements, cached per width).
        var size = f.size - 0.5
        while size >= f.size * factor {
            var d = f
            d.size = size
            if fits(d) { return d }
            size -= 0.5
        }
        var smallest = f
        smallest.size = f.size * factor
        return smallest
    }

    /// Drawn as rich text: its own style asks for it, or decorations around it do.
    private var isRich: Bool { text.isRich || style.decorated }

    /// The height counts only for a minimum scale factor (the font shrinks to fit it).
    override func sizeIgnoresProposedHeight() -> Bool { isRich || style.minimumScaleFactor >= 1 }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        var maxWidth: Double?
        // An infinite width is no width (one layout serves both, and every width its lines fit in).
        if let w = proposal.width, w.isFinite { maxWidth = max(w, 0) }
        if sizesVersion != node.layoutVersion {
            sizesByWidth.removeAll()
            sizesVersion = node.layoutVersion
        }
        if let s = sizesByWidth[maxWidth] { return s }
        readMarkdownAgainIfNeeded()
        if isRich {
            let size = richLayout(maxWidth: maxWidth, environment: node.environment.current).size
            sizesByWidth[maxWidth] = size
            return size
        }
        let style = self.style
        // A width the unbounded lines fit in shows those lines (see `lines`): the ideal size, without breaking
        // or truncating again — a stack's share and its final proposal, after it asked for the ideal size. (Not
        // with a font that shrinks to fit, nor where one line is truncated in the middle or at the head: then
        // several paragraphs become one line.)
        if let w = maxWidth, style.minimumScaleFactor >= 1, style.truncationMode == .tail || style.lineLimit != 1,
           let ideal = sizesByWidth[nil], w >= ideal.width {
            return ideal
        }
        let (f, m) = fitted(maxWidth: maxWidth, maxHeight: proposal.height, style: style)
        let ls = shownLines(maxWidth: maxWidth, font: f, style: style)
        var width = ls.isEmpty ? 0 : -Double.infinity  // the widest line (no array made for it)
        for l in ls { width = max(width, l.width) }
        let count = max(ls.count, 1, style.reservedLines)
        let height = CGFloat(count) * m.lineHeight + CGFloat(count - 1) * style.lineSpacing
        let size = CGSize(width: width.rounded(.up), height: height.rounded(.up))
        if style.minimumScaleFactor >= 1 { sizesByWidth[maxWidth] = size }
        return size
    }

    override func place(in bounds: CGRect) {}

    /// The first line's baseline and the last's, from the top, at `size` (laid out as drawn there).
    override func alignmentGuide(_ key: AlignmentKey, in size: CGSize) -> CGFloat? {
        guard key.isTextBaseline else { return nil }
        let style = self.style
        let (f, m) = fitted(maxWidth: size.width + 0.5, maxHeight: size.height + 0.5, style: style)
        if key.isFirstTextBaseline { return m.ascender }
        if isRich { return max(m.ascender, size.height - (m.lineHeight - m.ascender)) }
        let count = max(1, shownLines(maxWidth: size.width + 0.5, font: f, style: style).count)
        return m.ascender + CGFloat(count - 1) * (m.lineHeight + style.lineSpacing)
    }

    override func draw(into list: inout DisplayList) {
        readMarkdownAgainIfNeeded()
        let maxWidth = node.frame.width + 0.5
        if isRich {
            let environment = node.environment.current
            let layout = richLayout(maxWidth: maxWidth, environment: environment)
            if environment.isRedacted {
                let color = text.resolvedColor(in: environment)
                for box in layout.lineBoxes(in: node.frame, environment: environment) { Redaction.bar(for: box, color: color, into: &list) }
                return
            }
            layout.draw(in: node.frame, environment: environment, into: &list)
            return
        }
        let redacted = node.environment.current.isRedacted
        let style = self.style
        let (f, m) = fitted(maxWidth: maxWidth, maxHeight: node.frame.height + 0.5, style: style)
        let color = style.color
        var y = node.frame.minY + m.ascender
        let slanted = f.italic && !TextEngine.shared.hasItalicFace(f)
        for line in shownLines(maxWidth: maxWidth, font: f, style: style) {
            let x = node.frame.minX + TextLineLimit.offset(of: line.width, in: node.frame.width, alignment: style.alignment,
                                                                 direction: style.direction)
            // A line of a wrapped paragraph with right-to-left text keeps its paragraph's direction.
            let string = TextEngine.directionMark(forLine: line.text).map { String($0) + line.text } ?? String(line.text)
            let run = TextRun(string: string, font: f, origin: Point(x: x, y: y), color: color,
                              frame: Rect(x: x, y: y - m.ascender, width: line.width, height: m.lineHeight))
            if redacted {
                Redaction.bar(for: CGRect(x: x, y: y - m.ascender, width: line.width, height: m.lineHeight), color: color, into: &list)
            } else {
                RichTextLayout.append(run, slanted: slanted, into: &list)
            }
            y += m.lineHeight + style.lineSpacing
        }
    }

    private func richLayout(maxWidth: Double?, environment: EnvironmentValues) -> RichTextLayout {
        // What the layout read from the environment: a change of it lays the text out again.
        let key = RichLayoutKey(font: environment.font, textCase: environment.textCase, lineLimit: environment.lineLimit,
                                reserved: environment.reservedLines, lineSpacing: environment.lineSpacing,
                                locale: localizationLocale(environment), tracking: environment.tracking,
                                fontModifiers: environment.fontModifiers, decorations: environment.textDecorations)
        if key != richKey {
            richLaidOut.removeAll()
            richKey = key
        }
        if let l = richLaidOut[maxWidth] { return l }
        let parts = environment.textDecorations.isEmpty ? text.parts : text.parts.map { environment.textDecorations.applied(to: $0) }
        let l = RichTextLayout(parts: parts, strings: text.parts.map(shown), environment: environment, maxWidth: maxWidth)
        if richLaidOut.count >= 8 { richLaidOut.removeAll() }
        richLaidOut[maxWidth] = l
        return l
    }
}

/// A font, as SwiftUI's `Font`: text styles with iOS's default sizes, or a system font of a given size.
public struct Font: Hashable, Sendable {
    public enum Weight: Hashable, Sendable { case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black }
    public enum Design: Hashable, Sendable { case `default`, serif, rounded, monospaced }
    var size: CGFloat
    var weight: Weight
    var design: Design
    var monospacedDigits = false
    /// Points added after each character (`tracking(_:)`/`kerning(_:)`; nil: the environment's).
    var tracking: CGFloat?
    var isItalic = false
    /// A family by name (`custom`); nil: the system face (DejaVu Sans).
    var family: String?
    /// The text style whose Dynamic Type size this font follows (`size` is its size at `.large`); nil: fixed.
    var textStyle: TextStyle?

    init(size: CGFloat, weight: Weight, design: Design, textStyle: TextStyle? = nil) {
        self.size = size
        self.weight = weight
        self.design = design
        self.textStyle = textStyle
    }

    public static func system(size: CGFloat, weight: Weight = .regular, design: Design = .default) -> Font {
        Font(size: size, weight: weight, design: design)
    }
    /// The system face in a text style (scaled by the Dynamic Type size), with a design and weight.
    public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font {
        var f = Font.styled(style)
        if let design { f.design = design }
        if let weight { f.weight = weight }
        return f
    }
    static func styled(_ style: TextStyle) -> Font {
        Font(size: style.size(at: .large), weight: style == .headline ? .semibold : .regular, design: .default, textStyle: style)
    }
    public static let largeTitle = styled(.largeTitle)
    public static let title = styled(.title)
    public static let title2 = styled(.title2)
    public static let title3 = styled(.title3)
    public static let headline = styled(.headline)
    public static let body = styled(.body)
    public static let callout = styled(.callout)
    public static let subheadline = styled(.subheadline)
    public static let footnote = styled(.footnote)
    public static let caption = styled(.caption)
    public static let caption2 = styled(.caption2)

    /// A font of the family `name` (as fontconfig knows it: installed, or registered with
    /// `Font.register(fontFile:)`) at `size`; a family that is not installed draws in DejaVu Sans, once reported.
    public static func custom(_ name: String, size: CGFloat) -> Font {
        var f = Font(size: size, weight: .regular, design: .default)
        f.family = name
        return f
    }
    /// As `custom(_:size:)`, scaled with the Dynamic Type size in proportion to `textStyle`.
    public static func custom(_ name: String, size: CGFloat, relativeTo textStyle: Font.TextStyle) -> Font {
        var f = custom(name, size: size)
        f.textStyle = textStyle
        return f
    }
    public static func custom(_ name: String, fixedSize: CGFloat) -> Font { custom(name, size: fixedSize) }

    /// Makes the font file at `path` (an app's own TrueType or OpenType font) usable by its family name in
    /// `Font.custom`. Throws when the file is missing or not a font (the error names it and says what to do).
    /// SwiftUI apps register fonts through their bundle's Info.plist; a Scanout app calls this at start.
    public static func register(fontFile path: String) throws {
        try TextEngine.registerFont(path: path)
    }

    public func weight(_ w: Weight) -> Font { var f = self; f.weight = w; return f }
    public func bold() -> Font { weight(.bold) }
    /// The family's italic face where it has one (DejaVu's Oblique with fonts-dejavu-extra); otherwise the
    /// upright face slanted.
    public func italic() -> Font { var f = self; f.isItalic = true; return f }
    public func monospaced() -> Font { var f = self; f.design = .monospaced; return f }
    /// Digits of equal width (tabular figures). The faces Scanout draws with (DejaVu Sans and Sans Mono, both
    /// weights) have tabular digits already, so this changes no advance today; it is kept in the font so that a
    /// face with proportional digits (a fallback or custom font) can honour it.
    public func monospacedDigit() -> Font { var f = self; f.monospacedDigits = true; return f }

    /// The face: the family's face nearest the weight (DejaVu has Book and Bold, ExtraLight with
    /// fonts-dejavu-extra; Noto has all nine), italic where asked.
    var descriptor: FontDescriptor {
        var d = FontDescriptor(size: size, weight: weight.descriptorWeight, monospaced: design == .monospaced)
        d.italic = isItalic
        d.family = family
        return d
    }

    /// The face and size in `environment` (a text style's size follows its Dynamic Type size).
    func descriptor(in environment: EnvironmentValues) -> FontDescriptor {
        var d = descriptor
        environment.fontModifiers.apply(to: &d)
        if let style = textStyle, environment.dynamicTypeSize != .large {
            d.size = size * style.size(at: environment.dynamicTypeSize) / style.size(at: .large)
        }
        return d
    }
}

extension Font {
    /// SwiftUI's text styles (the sizes are iOS's defaults at the large Dynamic Type size).
    public enum TextStyle: Hashable, Sendable, CaseIterable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2
    }
}

extension Font.Weight {
    var descriptorWeight: FontDescriptor.Weight {
        switch self {
        case .ultraLight: return .ultraLight
        case .thin: return .thin
        case .light: return .light
        case .regular: return .regular
        case .medium: return .medium
        case .semibold: return .semibold
        case .bold: return .bold
        case .heavy: return .heavy
        case .black: return .black
        }
    }
}
