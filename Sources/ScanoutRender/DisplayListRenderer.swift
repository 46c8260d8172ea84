import ScanoutText

/// Paints a display list into a pixel buffer: the whole frame, or only some rectangles of it (the damage),
/// skipping items that do not touch them.
///
/// Opacity groups are composed offscreen (in pooled buffers, only over the region being repainted) and
/// blended once, so overlapping content inside a group does not show through itself. Clips by rectangle
/// narrow the canvas clip; clips by shape use a coverage mask.
public final class DisplayListRenderer {
    public private(set) var target: PixelBuffer
    /// Device pixels per point.
    public let scale: Double
    private let text: TextEngine
    private var layerPool: [PixelBuffer] = []
    /// The device outline of each fill and stroke item, by index in the list (checked by value on every use, so
    /// an item that changed, or moved to another index, is flattened again and an unchanged one is not).
    private var outlines: [ShapeOutline] = []
    private lazy var baseCanvas = Canvas(target: target)
    private let groupCache = TransformedGroupCache()
    /// Which rotated and scaled groups are composited from a cached bitmap (see `TransformedGroupCache`: drawn
    /// once, then resampled with fixed-point bilinear filtering) instead of being rasterized through their
    /// transform every time.
    public enum TransformedGroupCaching: Sendable {
        /// Every group is rasterized through its transform.
        case never
        /// Every group under a resampling transform is cached.
        case always
        /// Groups that hold text under a rotation, shear, mirror or unequal scale (which would otherwise be
        /// filled as glyph outlines at every repaint; the bitmap draws it with upright glyph masks).
        case groupsWithTurnedText
        /// The default: groups with turned text whose bitmap is cheap to sample for the glyphs it saves
        /// filling (`TransformedGroupCache.worthSampling`: a turning label is cached, a turning dial whose
        /// ring dwarfs its label is drawn through its transform); other groups are drawn directly, as shapes
        /// under a transform rasterize about as fast as their bitmap would sample.
        case automatic
    }

    /// See `TransformedGroupCaching`. Measured (scanout-view-bench's turning cases under `rotationEffect`,
    /// 800×480, instructions a frame): eight 16 pt labels 2.6 M cached against 3.4 M drawn through the turn;
    /// four dials (ring, needle, label) 4.5 M cached against 3.9 M directly. The choice depends on the group
    /// alone (its content and scale, never on history), so a renderer made afresh paints what one kept across
    /// frames does.
    public var transformedGroupCaching = TransformedGroupCaching.automatic

    /// Whether every resampling group is cached (`transformedGroupCaching == .always`).
    public var cachesTransformedGroups: Bool {
        get { transformedGroupCaching == .always }
        set { transformedGroupCaching = newValue ? .always : .never }
    }

    /// Whether shadows and blurs are blurred once per group, whole, and composited from that image while the
    /// group stays the same (see `ShadowCache`); false: blurred over the region being repainted at every
    /// repaint (what a renderer drawing a group for the cache does inside it).
    public var cachesShadows = true
    private(set) var shadowCache = ShadowCache()

    /// Lets go of what it keeps from one repaint to the next (layers, outlines, transformed groups' bitmaps): a
    /// parallel repaint's helper does after each (they are rare, and a full-screen layer would stay resident).
    func releaseScratch() {
        layerPool.removeAll()
        outlines.removeAll()
        groupCache.removeAll()
    }

    /// Uses `other`'s shadow cache from now on (the renderers of a parallel repaint's bands share one: each
    /// shadow is blurred once, by the first band that needs it, and kept for the frames after).
    func shareShadows(of other: DisplayListRenderer) { shadowCache = other.shadowCache }

    /// Whether a sliding opaque panel (a pushed screen, a sheet's card; see `OpaquePanel`) is copied from a
    /// bitmap drawn once while its content stays the same (see `PanelCache`); false: drawn every frame.
    /// Either way it is drawn at whole device pixels, so both paint the same.
    public var cachesSlidingPanels = true
    private let panelCache = PanelCache()
    /// The picture under a fading scrim, copied dimmed while the scrim fades (when sliding panels are cached).
    private let backdrop = DimmedBackdrop()
    /// Whether a dimming scrim over everything before it (a sheet's, an alert's: see `dimmingScrim`) is folded
    /// into what it covers — those items drawn in colours dimmed (`Dimming`), the scrim not blended over them —
    /// where it covers the repainted pixels wholly. A sheet rising repaints the whole screen at every frame;
    /// blending its scrim was half of that frame's work.
    public var foldsDimmingScrims = true
    /// Repaints so far that folded a scrim (for tests and benchmarks).
    private(set) var scrimsFolded = 0
    /// A dimming scrim as `dimmingScrim` finds it.
    typealias Scrim = (start: Int, end: Int, dimming: Dimming, rect: IntRect, foldable: Bool)
    /// The dimming scrim of the list a tracked repaint is painting: looked for once for all the parts it paints
    /// (their list, contexts and root transform are the same; the search walks every item before the scrim),
    /// forgotten when it returns. nil: not looked for yet; `.some(nil)`: there is none.
    private var scrimOfRepaint: Scrim?? = nil
    /// Whether a sliding panel's copy from its bitmap is left in `deferredCopies` rather than made into the
    /// target (the frame compositor's private frame: it copies the bitmap into the display buffer itself).
    var defersPanelCopies = false
    var deferredCopies = DeferredPanelCopies()

    /// Starts a frame: panels are sliding when their translation differs from the last frame's (the frame
    /// compositor calls this once per frame, before its repaints).
    func beginFrame() {
        panelCache.beginFrame()
        backdrop.beginFrame()
    }

    /// Lets go of the sliding panels' bitmaps (drawn again if they slide on).
    public func releaseSlidingPanelBitmaps() {
        panelCache.releaseBitmaps()
        backdrop.release()
    }

    /// How many sliding-panel bitmaps were drawn, and copies made from them, so far; the bytes held now (for tests).
    public var panelBuilds: Int { panelCache.builds }
    public var panelCopies: Int { panelCache.copies }
    /// The pixels of those copies, in all (for tests).
    var panelCopiedPixels: Int { panelCache.copiedPixels }
    public var panelCacheBytes: Int { panelCache.bytes + backdrop.bytes }
    /// How many bitmaps of the picture under a fading scrim were drawn so far (see `DimmedBackdrop`).
    public var backdropBuilds: Int { backdrop.builds }
    /// Whether this renderer, not caching sliding panels (a parallel repaint's helper), drew one between its
    /// translation's whole pixels — a panel mid-slide — since the flag was last cleared.
    var drewPanelsDirectly = false
    /// Whether this renderer paints a band of a parallel repaint (see `ParallelRepaint.swift`): its text's
    /// glyphs are looked up under the text engine's lock, then rasterized where missing and blended after it,
    /// through `placedGlyphs`.
    var paintsBandInParallel = false
    private lazy var placedGlyphs = GlyphScratch()
    /// The transform the list is drawn through (nil: the device scale); the shadow cache draws a group
    /// through its own.
    var rootTransform: AffineTransform?

    public init(target: PixelBuffer, scale: Double = 1, text: TextEngine = .shared) {
        self.target = target
        self.scale = scale
        self.text = text
    }

    /// Paints into `buffer` from now on (same size and format; see `Canvas.retarget`).
    public func retarget(_ buffer: PixelBuffer) {
        baseCanvas.retarget(buffer)
        target = buffer
    }

    /// Told when an item is dropped or simplified because of its geometry (a NaN coordinate, a collapsing
    /// transform, a dash pattern finer than a pixel; see `GeometryIssue`), with the item's index in the list:
    /// once per index and reason, for at most `maxGeometryWarnings` of them (a panel redrawing a bad value
    /// every frame warns once). The layer above names the view that recorded the item.
    public var geometryWarning: ((GeometryIssue, _ itemIndex: Int) -> Void)? {
        didSet { baseCanvas.geometryIssue = geometryWarning == nil ? nil : { [unowned self] in self.warn($0) } }
    }
    public static let maxGeometryWarnings = 256
    private var warned: Set<GeometryWarningKey> = []
    private var currentItem = -1
    private struct GeometryWarningKey: Hashable { let item: Int; let issue: GeometryIssue }

    private func warn(_ issue: GeometryIssue) { report(issue, item: currentItem) }

    /// Tells `geometryWarning` of `issue` at item `item`, unless told already (a parallel repaint's helpers'
    /// warnings come through here too).
    func report(_ issue: GeometryIssue, item: Int) {
        guard let geometryWarning, warned.count < Self.maxGeometryWarnings,
              warned.insert(GeometryWarningKey(item: item, issue: issue)).inserted else { return }
        geometryWarning(issue, item)
    }

    private enum Push {
        /// An opacity group's layer: the parent canvas, the opacity, and whether a clip was pushed with it (to
        /// the group's pixels; popped with it).
        case clip(IntRect, AlphaMask?), transform(AffineTransform), layer(Canvas, Double, clipped: Bool)
        /// A shadow group's layer: the parent canvas, the shadow, and the region drawn into the layer.
        case shadow(Canvas, Shadow, IntRect)
        /// A blurred group's layer: the parent canvas, the blur, and the region blurred (an opaque blur's frame
        /// within the region drawn into the layer; otherwise that region).
        case blur(Canvas, Blur, IntRect)
        /// A shadowed group's layer whose shadow is drawn already (from the shadow cache): the parent canvas, and
        /// the region drawn into the layer (the clip around the group's pixels), the only one composited.
        case groupOverItsShadow(Canvas, IntRect)
        /// A masked group's layer: the parent canvas, and the mask's alpha once its group is drawn (nil before,
        /// and when the mask drew nothing there: then nothing of the group shows).
        case masked(Canvas, AlphaMask?)
        /// A mask's layer: the masked group's canvas, whose push takes the mask's alpha when this pops.
        case mask(Canvas)
        /// A blended group's layer: the parent canvas and the blend mode.
        case blended(Canvas, BlendMode)
    }

    /// What the item loop carries from item to item: the canvas drawn on (an opacity layer's while one is
    /// open), the transform and clip in force, and the pushes that the next pops undo.
    private struct RenderState {
        var canvas: Canvas
        var transform: AffineTransform
        /// Whether `canvas.transform` is `transform`. The canvas's transform is set only before something
        /// draws through it, and its clip read once per change, not per item: most items are skipped (outside
        /// the damage) and each is wrapped in a transform push and pop (canvas properties are class
        /// properties, each access checked for exclusivity).
        var canvasHasTransform = true
        var clip: IntRect
        var pushes: [Push] = []
        var layerDepth = 0

        init(base: Canvas, transform: AffineTransform) {
            canvas = base
            self.transform = transform
            canvas.transform = transform
            clip = canvas.clipBounds
        }

        mutating func setCanvasTransform() {
            guard !canvasHasTransform else { return }
            canvas.transform = transform
            canvasHasTransform = true
        }

        mutating func pushClip(_ r: Rect) {
            pushes.append(.clip(clip, canvas.clipMask))
            canvas.clip(to: DisplayList.bounds(of: r, under: transform).nearestIntRect)
            clip = canvas.clipBounds
        }

        mutating func pushClip(_ path: Path, fillRule: FillRule) {
            pushes.append(.clip(clip, canvas.clipMask))
            let mask = MaskRasterizer().mask(for: path, transform: transform, fillRule: fillRule, within: canvas.target.bounds)
            canvas.clip(to: mask.bounds)
            canvas.clipMask = mask  // nested shape clips keep the innermost shape
            clip = canvas.clipBounds
        }

        mutating func pushTransform(_ t: AffineTransform) {
            pushFullTransform(t.concatenating(transform))
        }

        /// Pushes a group drawn through `full` (its transform already concatenated with the current one).
        mutating func pushFullTransform(_ full: AffineTransform) {
            pushes.append(.transform(transform))
            transform = full
            canvasHasTransform = false
        }

        /// Draws from now on into `layer` (cleared over the clip only: the region being repainted), blended
        /// into the current canvas at `opacity` by the matching pop.
        /// (`clipped`: the clip just pushed is popped with the layer.)
        mutating func pushLayer(_ layer: PixelBuffer, opacity: Double, clipped: Bool = false,
                                geometryIssue: ((GeometryIssue) -> Void)?) {
            pushes.append(.layer(canvas, opacity, clipped: clipped))
            drawIntoLayer(layer, over: clip, mask: canvas.clipMask, geometryIssue: geometryIssue)
        }

        /// Clips to `r`, device pixels, as well.
        mutating func pushDeviceClip(_ r: IntRect) {
            pushes.append(.clip(clip, canvas.clipMask))
            canvas.clip(to: r)
            clip = canvas.clipBounds
        }

        /// Draws from now on into `layer` over the clip grown by the shadow's reach (the content a blur inside
        /// the clip reads); the matching pop composites the blurred, offset shadow and then the layer.
        mutating func pushShadow(_ layer: PixelBuffer, shadow: Shadow, geometryIssue: ((GeometryIssue) -> Void)?) {
            let grown = grownClip(by: { shadow.reach(scale: $0) }, in: layer)
            pushes.append(.shadow(canvas, shadow, grown))
            drawIntoLayer(layer, over: grown, mask: nil, geometryIssue: geometryIssue)
        }

        /// Draws from now on into `layer` over the clip grown by the blur's reach; the matching pop
        /// composites the layer blurred (an opaque blur within its frame).
        mutating func pushBlur(_ layer: PixelBuffer, blur: Blur, geometryIssue: ((GeometryIssue) -> Void)?) {
            let grown = grownClip(by: { blur.reach(scale: $0) }, in: layer)
            var region = grown
            if let frame = blur.opaqueFrame { region = region.intersection(DisplayList.bounds(of: frame, under: transform).nearestIntRect) }
            pushes.append(.blur(canvas, blur, region))
            drawIntoLayer(layer, over: grown, mask: nil, geometryIssue: geometryIssue)
        }

        /// Draws from now on into `layer` over the clip within `pixels` (where the group draws): a shadowed group
        /// whose shadow is drawn already (from the shadow cache); the matching pop composites that region of the
        /// layer only (a full repaint would otherwise blend a whole screen of clear pixels for each card).
        mutating func pushGroupOverItsShadow(_ layer: PixelBuffer, pixels: IntRect, geometryIssue: ((GeometryIssue) -> Void)?) {
            let region = clip.intersection(pixels)
            pushes.append(.groupOverItsShadow(canvas, region))
            drawIntoLayer(layer, over: region, mask: nil, geometryIssue: geometryIssue)
        }

        /// Draws from now on into `layer` over the clip; the matching pop composites it through the alpha of
        /// its mask (the `pushMask` group that ends it).
        mutating func pushMaskedGroup(_ layer: PixelBuffer, geometryIssue: ((GeometryIssue) -> Void)?) {
            pushes.append(.masked(canvas, nil))
            // (The clip shape around, if any, applies once: where the layer is composited.)
            drawIntoLayer(layer, over: clip, mask: nil, geometryIssue: geometryIssue)
        }

        /// Draws from now on into `layer` over the clip; the matching pop composites it with `mode`.
        mutating func pushBlend(_ layer: PixelBuffer, mode: BlendMode, geometryIssue: ((GeometryIssue) -> Void)?) {
            pushes.append(.blended(canvas, mode))
            drawIntoLayer(layer, over: clip, mask: nil, geometryIssue: geometryIssue)
        }

        /// Draws the mask of the masked group being drawn into `layer`, over the same pixels; the matching pop
        /// keeps the layer's alpha for the group's pop.
        mutating func pushMask(_ layer: PixelBuffer, geometryIssue: ((GeometryIssue) -> Void)?) {
            pushes.append(.mask(canvas))
            drawIntoLayer(layer, over: clip, mask: nil, geometryIssue: geometryIssue)
        }

        /// Draws `image` (device pixels) at `rect` on the canvas, within its clip.
        func composite(_ image: PixelBuffer, at rect: IntRect) {
            let saved = (canvas.transform, canvas.opacity)
            canvas.transform = .identity
            canvas.opacity = 1
            canvas.draw(image, in: Rect(x: Double(rect.x), y: Double(rect.y), width: Double(rect.width), height: Double(rect.height)),
                        filter: .nearest)
            (canvas.transform, canvas.opacity) = saved
        }

        /// The clip grown by `reach` (device pixels at the transform's scale), within `layer`.
        private func grownClip(by reach: (Double) -> Double, in layer: PixelBuffer) -> IntRect {
            let scale = transform.maxAxisScale
            let reach = Int(min(4096, reach(scale.isFinite ? scale : 1)).rounded(.up))
            return IntRect(x: clip.x - reach, y: clip.y - reach, width: clip.width + 2 * reach, height: clip.height + 2 * reach)
                .intersection(layer.bounds)
        }

        /// Draws a layer (device pixels, the target's size) over `parent` pixel for pixel, through the parent's
        /// clip, opacity and blend mode.
        private static func drawWhole(_ layer: PixelBuffer, on parent: Canvas) {
            parent.draw(layer, in: Rect(x: 0, y: 0, width: Double(layer.width), height: Double(layer.height)), filter: .nearest)
        }

        /// Ends the layer being drawn: `composite` draws it (or what is made of it) into `parent`, in device
        /// pixels at `opacity`, and drawing goes on in `parent`.
        private mutating func endLayer(into parent: Canvas, opacity: Double, _ composite: (PixelBuffer) -> Void) {
            layerDepth -= 1
            let layer = canvas.target
            let saved = (parent.transform, parent.opacity)
            parent.transform = .identity
            parent.opacity = opacity
            composite(layer)
            (parent.transform, parent.opacity) = saved
            canvas = parent
            clip = canvas.clipBounds
            // (The parent's transform is the one set when the layer was pushed, which `transform` is again now
            // that the layer's pushes are popped.)
            canvasHasTransform = parent.transform == transform
        }

        /// Draws from now on into `layer`, cleared over `region` and clipped to it (and `mask`).
        private mutating func drawIntoLayer(_ layer: PixelBuffer, over region: IntRect, mask: AlphaMask?,
                                            geometryIssue: ((GeometryIssue) -> Void)?) {
            layerDepth += 1
            let c = Canvas(target: layer)
            c.geometryIssue = geometryIssue
            c.clip(to: region)
            c.clear(.clear)
            c.transform = transform
            c.clipMask = mask
            canvas = c
            clip = canvas.clipBounds
        }

        mutating func pop() {
            switch pushes.popLast() {
            case .blur(let parent, let blur, let region)?:
                let scale = transform.maxAxisScale
                endLayer(into: parent, opacity: 1) { layer in
                    guard !region.isEmpty, scale.isFinite,
                          let (image, at) = ShadowBlur.blurred(layer, in: region, sigma: blur.radius * scale / 2,
                                                               opaque: blur.opaqueFrame != nil) else { return }
                    parent.draw(image, in: Rect(x: Double(at.x), y: Double(at.y), width: Double(at.width), height: Double(at.height)),
                                filter: .nearest)
                }
            case .shadow(let parent, let shadow, let region)?:
                let scale = transform.maxAxisScale
                let dx = (transform.a * shadow.offset.x + transform.c * shadow.offset.y).rounded()
                let dy = (transform.b * shadow.offset.x + transform.d * shadow.offset.y).rounded()
                endLayer(into: parent, opacity: 1) { layer in
                    if !region.isEmpty, shadow.color.alpha > 0, dx.isFinite, dy.isFinite, scale.isFinite,
                       let (image, at) = ShadowBlur.image(of: layer, in: region, sigma: shadow.radius * scale / 2, color: shadow.color) {
                        parent.draw(image, in: Rect(x: Double(at.x) + dx, y: Double(at.y) + dy,
                                                    width: Double(at.width), height: Double(at.height)), filter: .nearest)
                    }
                    Self.drawWhole(layer, on: parent)
                }
            case .clip(let bounds, let mask)?:
                canvas.resetClip()
                canvas.clip(to: bounds)
                canvas.clipMask = mask
                clip = canvas.clipBounds
            case .transform(let previous)?:
                transform = previous
                canvasHasTransform = false
            case .groupOverItsShadow(let parent, let region)?:
                endLayer(into: parent, opacity: 1) { layer in
                    let (bounds, mask) = (parent.clipBounds, parent.clipMask)
                    parent.clip(to: region)
                    Self.drawWhole(layer, on: parent)
                    parent.resetClip()
                    parent.clip(to: bounds)
                    parent.clipMask = mask
                }
            case .mask(let group)?:
                var alpha: AlphaMask?
                endLayer(into: group, opacity: 1) { layer in
                    let a = AlphaMask(alphaOf: layer, in: group.clipBounds)
                    if a.coverage.contains(where: { $0 != 0 }) { alpha = a }
                }
                if case .masked(let parent, _)? = pushes.last { pushes[pushes.count - 1] = .masked(parent, alpha) }
            case .blended(let parent, let mode)?:
                endLayer(into: parent, opacity: 1) { layer in
                    let saved = parent.blendMode
                    parent.blendMode = mode
                    Self.drawWhole(layer, on: parent)
                    parent.blendMode = saved
                }
            case .masked(let parent, let alpha)?:
                endLayer(into: parent, opacity: 1) { layer in
                    guard let alpha else { return }
                    let saved = parent.clipMask
                    parent.clipMask = saved.map { $0.multiplied(by: alpha) } ?? alpha
                    Self.drawWhole(layer, on: parent)
                    parent.clipMask = saved
                }
            case .layer(let parent, let opacity, let clipped)?:
                endLayer(into: parent, opacity: max(0, min(1, opacity))) { layer in
                    Self.drawWhole(layer, on: parent)
                }
                if clipped { pop() }
            case nil:
                break
            }
        }
    }

    /// Clears to `background`, then paints every item.
    public func render(_ list: DisplayList, background: RGBA) {
        render(list, background: background, in: target.bounds, itemBounds: nil)
    }

    /// Repaints `region` only: clears it to `background` and paints the items whose bounds (device pixels,
    /// parallel to `list.items`; nil: draw every item) touch it. Items with bounds of negative width are
    /// pushes and pops, always applied (`DamageTracker.bounds` marks them so).
    public func render(_ list: DisplayList, background: RGBA, in region: IntRect, itemBounds: [IntRect]?) {
        paint(list, background: background, in: region, itemBounds: itemBounds, from: 0)
    }

    /// Regions smaller than this (device pixels), or than an eighth of the target, are repainted without looking
    /// for a cover (a label's damage gains little from it; a slide's whole screen does).
    static let coverSearchArea = 256 * 256

    /// Repaints `region` with the bounds and contexts `tracker` keeps of `list`: where the topmost opaque cover
    /// (see `DamageTracker.cover`) hides what is drawn before it, painting starts at it (no clearing, no
    /// items below); the rest of the region is repainted the same way.
    func render(_ list: DisplayList, background: RGBA, in region: IntRect, tracker: DamageTracker, depth: Int = 0) {
        let region = region.intersection(target.bounds)
        guard !region.isEmpty else { return }
        if depth == 0 { scrimOfRepaint = nil }
        defer { if depth == 0 { scrimOfRepaint = nil } }
        // (A small region gains little from skipping what is under a cover: not worth the search.)
        // (The parts left beside a cover are searched whatever their size: they belong to a large region.)
        guard depth < 3, depth > 0 || region.width * region.height >= min(Self.coverSearchArea, target.width * target.height / 8),
              let cover = tracker.cover(of: region, in: list) else {
            // (Still, when the first item drawn there covers the region, it is not cleared first.)
            let bottom = tracker.bottomCover(of: region, in: list)
            paint(list, background: background, in: region, itemBounds: tracker.bounds, contexts: tracker.contexts,
                  groups: tracker.groups, from: bottom ?? 0, covered: bottom != nil)
            return
        }
        paint(list, background: background, in: region.intersection(cover.interior), itemBounds: tracker.bounds,
              contexts: tracker.contexts, groups: tracker.groups, from: cover.index)
        for part in region.subtracting(cover.interior) {
            render(list, background: background, in: part, tracker: tracker, depth: depth + 1)
        }
    }

    /// Repaints `region`, drawing the items from index `first` on (what is before it is hidden there; the
    /// pushes around it still apply): cleared to `background` first when `first` is 0, unless `covered` (item
    /// `first` covers the region). `groups` (the tracker's, with `itemBounds`) lets it skip a group that draws
    /// nothing in the region whole.
    private func paint(_ list: DisplayList, background: RGBA, in region: IntRect, itemBounds: [IntRect]?,
                       contexts: [DamageTracker.Context]? = nil, groups: GroupExtents? = nil, from first: Int,
                       covered: Bool = false, folding: Bool = true) {
        var region = region.intersection(target.bounds)
        guard !region.isEmpty else { return }
        let root = rootTransform ?? AffineTransform(scaleX: scale, y: scale)
        var dimming = folding ? foldedScrim(list, background: background, in: &region, itemBounds: itemBounds, contexts: contexts,
                                            groups: groups, from: first, covered: covered, root: root) : nil
        var first = first
        if let scrim = dimming, !scrim.foldable {
            // A scrim over what cannot be drawn in dimmed colours: while it fades over an unchanged picture, that
            // picture is copied from its bitmap with the scrim over it, and the items after the scrim's group are
            // drawn over it; otherwise the region is painted as usual, the scrim blended.
            guard first <= scrim.scrim, copiesBackdrop(list, scrim, background: background, in: region, root: root) else {
                return paint(list, background: background, in: region, itemBounds: itemBounds, contexts: contexts, groups: groups,
                             from: first, covered: covered, folding: false)
            }
            first = scrim.end + 1
            dimming = nil
        }
        if outlines.count > list.count { outlines.removeLast(outlines.count - list.count) }
        groupCache.forgetGroups(notIn: list.items)
        shadowCache.beginRender()
        defer { shadowCache.endRender() }
        let base = baseCanvas
        base.resetClip()
        base.clip(to: region)
        base.transform = .identity
        base.opacity = 1
        base.blendMode = .normal
        if first == 0, !covered { base.clear(dimming.map { $0.dimming.dimmed(background) } ?? background) }
        var state = RenderState(base: base, transform: root)
        let items = list.items
        let groups = groups.flatMap { $0.ends.count == items.count ? $0 : nil }
        // (The shadows of a group skipped whole are cached from an earlier repaint, if at all.)
        let keepsShadows = groups != nil && cachesShadows && shadowCache.count > 0
        var skipUntil = -1  // items up to this index were composited from a cached group bitmap
        let reporting = geometryWarning != nil
        for index in items.indices {
            if index <= skipUntil { continue }
            if let scrim = dimming, index == scrim.scrim {
                // Folded into everything before it (drawn dimmed): not blended.
                skipUntil = scrim.end
                dimming = nil
                continue
            }
            if index < first, let end = hiddenBefore(first, items: items, index: index, itemBounds: itemBounds) {
                skipUntil = end
                continue
            }
            // Drawing items outside the region are skipped without touching the item (most are; copying each
            // would copy and retain its payload): state items have bounds of negative width.
            if let itemBounds, itemBounds[index].width >= 0, !itemBounds[index].intersects(state.clip) { continue }
            // So is a group that draws nothing within the clip, whole, its pushes and pops unapplied: a screen of
            // many offset views otherwise copies, applies and undoes each one's transform in every region.
            if let groups, let end = groups.skippable(at: index, within: state.clip),
               dimming.map({ !(index...end).contains($0.scrim) }) ?? true {
                if keepsShadows { shadowCache.keep(index...end, of: items) }
                skipUntil = end
                continue
            }
            if reporting { currentItem = index }
            // (Matched in the array: a push's or a pop's item is not copied, a drawing's once.)
            switch items[index] {
            case .fill, .stroke, .image:
                if !state.canvasHasTransform { state.setCanvasTransform() }
                uncoverDeferredCopies(under: index, itemBounds, state.clip)
                let item = items[index]
                drawShapeOrImage(dimming.map { Self.dimmed(item, $0.dimming) } ?? item, index: index, on: state.canvas)
            case .text(var run):
                if !state.canvasHasTransform { state.setCanvasTransform() }
                uncoverDeferredCopies(under: index, itemBounds, state.clip)
                if let dimming { run.color = dimming.dimming.dimmed(run.color) }
                if paintsBandInParallel {
                    withUnsafeMutablePointer(to: &placedGlyphs) { text.draw(run, transform: state.transform, scale: 1, on: state.canvas, placed: $0) }
                } else {
                    text.draw(run, transform: state.transform, scale: 1, on: state.canvas)
                }
            case .pushClip(let r):
                state.pushClip(r)
            case .pushClipShape(let path, let rule):
                state.pushClip(path, fillRule: rule)
            case .pushTransform(let t):
                if let end = pushTransform(t, at: index, in: items, itemBounds: itemBounds, dimmed: dimming != nil, state: &state) {
                    skipUntil = end
                }
            case .pushOpacity(let o):
                if let end = pushOpacity(o, at: index, in: items, itemBounds: itemBounds, groups: groups, dimming: dimming?.dimming,
                                         state: &state) {
                    skipUntil = end
                }
            case .pushShadow(let s):
                uncoverDeferredCopies(under: nil, itemBounds, state.clip)
                if cachesShadows, let end = pushCachedShadow(s, items: items, index: index, state: &state) {
                    skipUntil = end
                } else {
                    state.pushShadow(layerBuffer(state.layerDepth), shadow: s, geometryIssue: base.geometryIssue)
                }
            case .pushBlur(let blur):
                uncoverDeferredCopies(under: nil, itemBounds, state.clip)
                if cachesShadows, let end = drawCachedBlur(blur, items: items, index: index, state: &state) {
                    skipUntil = end
                } else {
                    state.pushBlur(layerBuffer(state.layerDepth), blur: blur, geometryIssue: base.geometryIssue)
                }
            case .pushMaskedGroup:
                uncoverDeferredCopies(under: nil, itemBounds, state.clip)
                state.pushMaskedGroup(layerBuffer(state.layerDepth), geometryIssue: base.geometryIssue)
            case .pushMask:
                state.pushMask(layerBuffer(state.layerDepth), geometryIssue: base.geometryIssue)
            case .pushBlend(let mode):
                uncoverDeferredCopies(under: nil, itemBounds, state.clip)
                state.pushBlend(layerBuffer(state.layerDepth), mode: mode, geometryIssue: base.geometryIssue)
            case .pop:
                state.pop()
            }
        }
    }

    /// The dimming scrim `paint` folds into what it dims in `region` (see `dimmingScrim`), or nil. It is folded
    /// only into pixels it covers wholly, whatever the region (so a pixel is painted the same way by every
    /// repaint that covers it: a part repainted equals the whole frame repainted): the rest of the region is
    /// painted here as usual, and `region` becomes the part the scrim covers.
    private func foldedScrim(_ list: DisplayList, background: RGBA, in region: inout IntRect, itemBounds: [IntRect]?,
                             contexts: [DamageTracker.Context]?, groups: GroupExtents?, from first: Int, covered: Bool,
                             root: AffineTransform) -> (scrim: Int, end: Int, dimming: Dimming, rect: IntRect, foldable: Bool)? {
        guard foldsDimmingScrims, first == 0 ? background.alpha == 255 : true,
              let scrim = repaintScrim(in: list, contexts: contexts, root: root), scrim.rect.intersects(region),
              scrim.foldable || keepsBackdrops(on: background),
              !deferredCopies.copies.contains(where: { $0.rect.intersects(region) }) else { return nil }
        if !scrim.rect.contains(region) {
            for part in region.subtracting(scrim.rect) {
                paint(list, background: background, in: part, itemBounds: itemBounds, contexts: contexts, groups: groups, from: first,
                      covered: covered, folding: false)
            }
            region = region.intersection(scrim.rect)
        }
        if scrim.foldable { scrimsFolded += 1 }
        return (scrim.start, scrim.end, scrim.dimming, scrim.rect, scrim.foldable)
    }

    /// Puts the picture under a fading scrim, dimmed, into `region` (within the pixels the scrim covers wholly)
    /// from its bitmap (see `DimmedBackdrop`) — a copy deferred to the present when panel copies are — and
    /// returns true; false: draw it and blend the scrim. (Made within a band of a parallel repaint, the
    /// bitmap's text is drawn under the text engine's lock; once it is kept, repaints stay on this renderer:
    /// `paintsInBands`.)
    private func copiesBackdrop(_ list: DisplayList, _ scrim: (scrim: Int, end: Int, dimming: Dimming, rect: IntRect, foldable: Bool),
                                background: RGBA, in region: IntRect, root: AffineTransform) -> Bool {
        guard let bitmap = backdrop.bitmap(list.items, scrimAt: scrim.scrim, dimming: scrim.dimming, rect: scrim.rect,
                                           background: background, root: root, format: target.format, draw: drawBackdrop)
        else { return false }
        if defersPanelCopies {
            deferredCopies.add(region, of: bitmap, originX: scrim.rect.minX, originY: scrim.rect.minY, dimming: scrim.dimming,
                               frame: target)
        } else {
            target.copy(region, from: bitmap, offsetX: -scrim.rect.minX, offsetY: -scrim.rect.minY, dimmedBy: scrim.dimming)
        }
        return true
    }

    /// Whether this renderer keeps the picture under a fading scrim that cannot be folded (see `DimmedBackdrop`):
    /// only the main renderer (a helper of a parallel repaint, which caches no panels, draws it; the pixels are
    /// the same), when sliding panels are cached, over an opaque background, in a 32-bit format. Otherwise such
    /// a scrim is not looked at further: the region is painted as usual, whole.
    private func keepsBackdrops(on background: RGBA) -> Bool {
        cachesSlidingPanels && background.alpha == 255 && target.format.bytesPerPixel == 4
    }

    /// Paints the picture under a scrim into `buffer` through `transform` on `background`, as this renderer would.
    private func drawBackdrop(_ list: DisplayList, into buffer: PixelBuffer, transform: AffineTransform, background: RGBA) {
        let painter = DisplayListRenderer(target: buffer, scale: scale, text: text)
        painter.transformedGroupCaching = transformedGroupCaching
        painter.cachesShadows = cachesShadows
        painter.rootTransform = transform
        painter.render(list, background: background)
    }

    /// Draws the transform group pushed at `index` from a sliding panel's bitmap or the transformed-group cache
    /// and returns its pop's index, or pushes the transform and returns nil. Under a folded scrim (`dimmed`) the
    /// group is drawn directly (a translation, see `takesDimming`), as its panel's bitmap would paint it.
    private func pushTransform(_ t: AffineTransform, at index: Int, in items: [DisplayList.Item], itemBounds: [IntRect]?,
                               dimmed: Bool, state: inout RenderState) -> Int? {
        if dimmed {
            pushGroupTransform(t, at: index, in: items, state: &state)
            return nil
        }
        let full = t.concatenating(state.transform)
        if OpaquePanel.isFractional(full) || (mayBePanel(index, itemBounds) && cachesSlidingPanels),
           let panel = OpaquePanel.placement(ofGroupAt: index, in: items, full: full) {
            if let end = compositePanel(items, index: index, panel, state: &state) { return end }
            if !cachesSlidingPanels { drewPanelsDirectly = true }
            state.pushFullTransform(panel.transform)
            return nil
        }
        if let end = compositeFromCache(items, index: index, transform: t, state: &state) { return end }
        state.pushTransform(t)
        return nil
    }

    /// Draws the opacity group pushed at `index` when it holds one shape or image (under transforms only: its
    /// opacity is the item's own — no layer cleared, drawn into and blended over the region, for a dimming
    /// overlay three passes over the screen) and returns its pop's index; else pushes a layer and returns nil.
    private func pushOpacity(_ o: Double, at index: Int, in items: [DisplayList.Item], itemBounds: [IntRect]?,
                             groups: GroupExtents?, dimming: Dimming?, state: inout RenderState) -> Int? {
        guard let (shape, end) = loneShape(in: items, openedAt: index) else {
            // The group's pixels lie within its items' bounds (shadows' reach included): its layer is cleared
            // and blended there only, not over the whole region (an alert's card over a full-screen repaint).
            if let itemBounds, let (end, drawn) = groupExtent(at: index, in: items, itemBounds: itemBounds, groups: groups) {
                let region = drawn.intersection(state.clip)
                guard !region.isEmpty else { return end }
                if region != state.clip {
                    uncoverDeferredCopies(under: nil, nil, region)
                    state.pushDeviceClip(region)
                    state.pushLayer(layerBuffer(state.layerDepth), opacity: o, clipped: true, geometryIssue: baseCanvas.geometryIssue)
                    return nil
                }
            }
            uncoverDeferredCopies(under: nil, itemBounds, state.clip)
            state.pushLayer(layerBuffer(state.layerDepth), opacity: o, geometryIssue: baseCanvas.geometryIssue)
            return nil
        }
        guard itemBounds.map({ $0[shape].intersects(state.clip) }) ?? true else { return end }
        if geometryWarning != nil { currentItem = shape }
        uncoverDeferredCopies(under: shape, itemBounds, state.clip)
        for t in index + 1..<shape {
            guard case .pushTransform(let u) = items[t] else { continue }
            pushGroupTransform(u, at: t, in: items, state: &state)
        }
        state.setCanvasTransform()
        let saved = state.canvas.opacity
        state.canvas.opacity = saved * max(0, min(1, o))
        drawShapeOrImage(dimming.map { Self.dimmed(items[shape], $0) } ?? items[shape], index: shape, on: state.canvas)
        state.canvas.opacity = saved
        for _ in index + 1..<shape { state.pop() }
        return end
    }

    /// The index of the pop closing the group pushed at `index` and the union of what the group draws (device
    /// pixels; empty: nothing): the damage tracker's (`groups`) when given, else found from `itemBounds`.
    private func groupExtent(at index: Int, in items: [DisplayList.Item], itemBounds: [IntRect],
                             groups: GroupExtents?) -> (end: Int, drawn: IntRect)? {
        if let groups, index < groups.ends.count { return groups.group(at: index) }
        guard let end = TransformedGroupCache.matchingPop(of: index, in: items) else { return nil }
        var drawn = IntRect(x: 0, y: 0, width: 0, height: 0)
        for j in index + 1..<end { drawn = drawn.union(itemBounds[j]) }
        return (end, drawn)
    }

    /// The index of the one shape or image drawn by the opacity group pushed at `index` (through translations
    /// only: a dimming overlay is placed by one; a group under a resampling transform may be drawn from the
    /// transformed-group cache) and of the group's pop; nil when the group holds anything else.
    private func loneShape(in items: [DisplayList.Item], openedAt index: Int) -> (shape: Int, end: Int)? {
        var j = index + 1
        while j < items.count, j <= index + 4, case .pushTransform(let t) = items[j], !TransformedGroupCache.resamples(t) { j += 1 }
        let transforms = j - index - 1
        guard j + transforms + 1 < items.count, drawsAlone(items[j]) else { return nil }
        for k in j + 1...j + transforms + 1 { guard case .pop = items[k] else { return nil } }
        return (j, j + transforms + 1)
    }

    /// `dimmingScrim`, found once per tracked repaint (see `scrimOfRepaint`); looked for every time outside one
    /// (`paint` is given the tracker's contexts only within one).
    private func repaintScrim(in list: DisplayList, contexts: [DamageTracker.Context]?, root: AffineTransform) -> Scrim? {
        guard contexts != nil else { return dimmingScrim(in: list, contexts: contexts, root: root) }
        if let known = scrimOfRepaint { return known }
        let found = dimmingScrim(in: list, contexts: contexts, root: root)
        scrimOfRepaint = .some(found)
        return found
    }

    /// The dimming scrim of `list`: the last opacity group drawn in a plain context (no opacity, clip, clip shape,
    /// shadow, blur or transform other than `root` around it) that is a translucent solid rectangle alone in it,
    /// under translations only — a sheet's or an alert's (what is drawn after it, an alert's card fading in, is
    /// drawn as usual); `rect`: the device pixels it covers wholly (`root` maps the list's points to them);
    /// `foldable`: whether everything before it can take its colours dimmed (see `takesDimming`; otherwise only
    /// its bitmap can be dimmed, see `DimmedBackdrop`). `contexts`: the damage tracker's, parallel to the items
    /// (they find that group without reading the items); without them the list is walked as the tracker walks
    /// it, for the same answer.
    private func dimmingScrim(in list: DisplayList, contexts: [DamageTracker.Context]?, root: AffineTransform) -> Scrim? {
        guard root.isAxisAligned else { return nil }
        let items = list.items
        var contexts = contexts ?? []
        if contexts.count != items.count {
            var bounds: [IntRect] = []
            contexts.removeAll()
            DamageTracker.walk(list, items.indices, from: DamageTracker.Context(transform: root, clip: nil, opacity: 1),
                               screen: target.bounds, contexts: &contexts, bounds: &bounds)
        }
        @inline(__always) func plain(_ c: DamageTracker.Context) -> Bool {
            c.opacity == 1 && c.clip == nil && c.shadowReach == 0 && !c.clipIsShape && c.transform == root
        }
        // A push of an opacity below 1 is where the opacity drops (a pop never lowers it). The last such group
        // that is a scrim (an alert's card fading in over its scrim is a later group), among the last few.
        var found: (top: Int, opacity: Double, shape: Int, end: Int, path: Path, color: RGBA)?
        var k = contexts.count - 2, candidates = 0
        while k >= 0, candidates < 4 {
            if contexts[k + 1].opacity < contexts[k].opacity, plain(contexts[k]) {
                candidates += 1
                if case .pushOpacity(let opacity) = items[k], let (shape, end) = loneShape(in: items, openedAt: k),
                   case .fill(let path, .solid(let color), _) = items[shape], path.isRectangle {
                    found = (k, opacity, shape, end, path, color)
                    break
                }
            }
            k -= 1
        }
        guard let (top, opacity, shape, end, path, color) = found else { return nil }
        var dx = 0.0, dy = 0.0
        for t in top + 1..<shape {
            guard case .pushTransform(let u) = items[t] else { continue }
            guard u.isTranslation else { return nil }
            dx += u.tx; dy += u.ty
        }
        let dimming = Dimming(color: color, opacity: opacity)
        guard dimming.isTranslucent else { return nil }
        let r = path.boundingRect
        let a = root.apply(Point(x: r.minX + dx, y: r.minY + dy)), b = root.apply(Point(x: r.maxX + dx, y: r.maxY + dy))
        let bounds = target.bounds
        // The pixels it covers wholly: its edges rounded inwards, within the target.
        let x0 = max(Double(bounds.minX), min(a.x, b.x).rounded(.up)), x1 = min(Double(bounds.maxX), max(a.x, b.x).rounded(.down))
        let y0 = max(Double(bounds.minY), min(a.y, b.y).rounded(.up)), y1 = min(Double(bounds.maxY), max(a.y, b.y).rounded(.down))
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, x1 > x0, y1 > y0 else { return nil }
        return (top, end, dimming, IntRect(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0)),
                takesDimming(items, before: top))
    }

    /// Whether the items before `end` can be drawn in colours dimmed (see `Dimming`): solid fills and strokes,
    /// text whose glyphs take its colour (no colour emoji: only characters below U+2000 and the symbol font's
    /// private use area), clips, translations and opacity groups of one solid shape. Not images, gradients,
    /// shadows, blurs or layers, whose pixels are not one colour.
    private func takesDimming(_ items: [DisplayList.Item], before end: Int) -> Bool {
        items.withUnsafeBufferPointer { buffer in
            for index in 0..<end {
                switch buffer[index] {
                case .fill(_, .solid, _), .stroke(_, .solid, _), .pushClip, .pushClipShape, .pop:
                    break
                case .fill, .stroke, .image, .pushShadow, .pushBlur, .pushMaskedGroup, .pushMask, .pushBlend:
                    return false
                case .text(let run):
                    for scalar in run.string.unicodeScalars where scalar.value >= 0x2000 && !(0xE000...0xF8FF).contains(scalar.value) {
                        return false
                    }
                case .pushTransform(let t):
                    if !t.isTranslation { return false }
                case .pushOpacity:
                    if loneShape(in: items, openedAt: index) == nil { return false }
                }
            }
            return true
        }
    }

    /// A fill or stroke in its colour dimmed (other items as they are: only solid ones are dimmed).
    private static func dimmed(_ item: DisplayList.Item, _ dimming: Dimming) -> DisplayList.Item {
        switch item {
        case .fill(let path, .solid(let c), let style): return .fill(path, .solid(dimming.dimmed(c)), style)
        case .stroke(let path, .solid(let c), let style): return .stroke(path, .solid(dimming.dimmed(c)), style)
        default: return item
        }
    }

    /// Pushes the transform of the group at `index` as the item loop does: a panel (see `OpaquePanel`) at its
    /// translation rounded to whole pixels, any other group exactly.
    private func pushGroupTransform(_ t: AffineTransform, at index: Int, in items: [DisplayList.Item], state: inout RenderState) {
        let full = t.concatenating(state.transform)
        if OpaquePanel.isFractional(full), let panel = OpaquePanel.placement(ofGroupAt: index, in: items, full: full) {
            state.pushFullTransform(panel.transform)
        } else {
            state.pushTransform(t)
        }
    }

    /// Copies into the target what was deferred (see `DeferredPanelCopies`) under the item at `index` (its bounds
    /// within `clip`; nil: a group drawn over all of `clip`): it is about to be drawn over it.
    @inline(__always)
    private func uncoverDeferredCopies(under index: Int?, _ itemBounds: [IntRect]?, _ clip: IntRect) {
        guard !deferredCopies.isEmpty else { return }
        var r = clip
        if let index, let b = itemBounds?[index], b.width >= 0 { r = b.intersection(clip) }
        deferredCopies.materialize(r, into: target)
    }

    /// Whether `item` drawn at an opacity equals it drawn into a layer blended at that opacity: a fill, stroke
    /// or image covers each pixel once (text is not: its glyphs may overlap).
    private func drawsAlone(_ item: DisplayList.Item) -> Bool {
        switch item {
        case .fill, .stroke, .image: return true
        default: return false
        }
    }

    /// Draws a fill, stroke or image item (the `index`-th of the list) on `canvas`.
    private func drawShapeOrImage(_ item: DisplayList.Item, index: Int, on canvas: Canvas) {
        switch item {
        case .fill(let path, let paint, let style): canvas.fill(path, with: paint, style: style, reusing: outline(index))
        case .stroke(let path, let paint, let style): canvas.stroke(path, with: paint, style: style, reusing: outline(index))
        case .image(let image, let rect, let filter): canvas.draw(image.pixels, in: rect, filter: filter)
        default: break
        }
    }

    /// Whether the group pushed at `index` may be a panel worth caching: its first drawing shows at least a
    /// panel's least area (a cheap look at the bounds before the items; a panel mostly off screen is drawn
    /// directly that frame). Whole-pixel groups need the look only for caching: rounding changes none.
    private func mayBePanel(_ index: Int, _ itemBounds: [IntRect]?) -> Bool {
        guard let itemBounds else { return true }
        var j = index + 1
        while j < itemBounds.count, j <= index + 4, itemBounds[j].width < 0 { j += 1 }
        guard j < itemBounds.count else { return false }
        let b = itemBounds[j]
        return b.width > 0 && b.height > 0 && b.width * b.height >= OpaquePanel.minimumArea
    }

    /// For an item before `first` (the topmost cover's index: what is drawn before it is hidden): the last index
    /// to skip — the item itself when it draws, the group it pushes when that closes before `first` — or nil
    /// when it must be applied (a pop, or a push whose group holds the cover).
    private func hiddenBefore(_ first: Int, items: [DisplayList.Item], index: Int, itemBounds: [IntRect]?) -> Int? {
        if let itemBounds, itemBounds[index].width >= 0 { return index }
        let item = items[index]
        if item.isDrawing { return index }
        if case .pop = item { return nil }
        guard let end = TransformedGroupCache.matchingPop(of: index, in: items), end < first else { return nil }
        return end
    }

    /// Copies the sliding panel pushed at `index` from its bitmap (see `PanelCache`) and returns the index of its
    /// pop, when caching is on, the panel is sliding with unchanged content and the clip lies within its
    /// interior; nil: draw it directly (through `panel.transform`).
    private func compositePanel(_ items: [DisplayList.Item], index: Int, _ panel: OpaquePanel.Placement,
                                state: inout RenderState) -> Int? {
        guard cachesSlidingPanels, state.layerDepth == 0, state.canvas.clipMask == nil,
              let end = TransformedGroupCache.matchingPop(of: index, in: items) else { return nil }
        let target = state.canvas.target
        guard let bitmap = panelCache.bitmap(at: index, end: end, items: items, placement: panel, format: target.format,
                                             maximumArea: 4 * target.width * target.height,
                                             wanted: panel.interior.contains(state.clip), draw: drawPanel) else { return nil }
        if state.clip.isEmpty { return end }
        if defersPanelCopies {
            deferredCopies.add(state.clip, of: bitmap, originX: panel.interior.minX, originY: panel.interior.minY, frame: target)
            panelCache.countCopy(state.clip)
        } else {
            panelCache.copy(state.clip, of: bitmap, interior: panel.interior, into: target)
        }
        return end
    }

    /// Paints a panel's content into `buffer` through `transform`, as this renderer would draw it in place.
    private func drawPanel(_ list: DisplayList, into buffer: PixelBuffer, transform: AffineTransform) {
        paint(list, into: buffer, transform: transform, cachingShadows: cachesShadows)
    }

    /// Paints `list` into `buffer` (cleared first) through `transform`, as this renderer would, its shadows
    /// cached or (`cachingShadows` false) blurred over the buffer.
    private func paint(_ list: DisplayList, into buffer: PixelBuffer, transform: AffineTransform, cachingShadows: Bool) {
        let painter = DisplayListRenderer(target: buffer, scale: scale, text: text)
        painter.transformedGroupCaching = transformedGroupCaching
        painter.cachesShadows = cachingShadows
        painter.rootTransform = transform
        painter.render(list, background: .clear)
    }

    /// Draws the shadow of the group pushed at `index` from the shadow cache and pushes a layer for its content
    /// over the clip; returns `index`, or the index of the group's pop when it draws nothing in the clip (the
    /// items up to it are done); nil when the group is not cached (blurred over the clip instead).
    private func pushCachedShadow(_ s: Shadow, items: [DisplayList.Item], index: Int, state: inout RenderState) -> Int? {
        guard let end = TransformedGroupCache.matchingPop(of: index, in: items),
              let (lookup, dx, dy) = cachedEffect(.pushShadow(s), items: items, index: index, end: end,
                                                  transform: state.transform, clip: state.clip) else { return nil }
        switch lookup {
        case .uncacheable:
            return nil
        case .outside:
            shadowCache.keep(index...end, of: items)
            return end
        case .image(let image, let at):
            state.composite(image, at: IntRect(x: at.x + dx, y: at.y + dy, width: at.width, height: at.height))
            // The group's own pixels lie within the unmoved image: when the clip misses it, only the shadow shows.
            guard at.intersects(state.clip) else {
                shadowCache.keep(index...end, of: items)
                return end
            }
            state.pushGroupOverItsShadow(layerBuffer(state.layerDepth), pixels: at, geometryIssue: baseCanvas.geometryIssue)
            return index
        }
    }

    /// Draws the group pushed at `index` blurred from the shadow cache; returns the index of its pop (the items
    /// up to it are done), or nil when the group is not cached (blurred over the clip instead).
    private func drawCachedBlur(_ blur: Blur, items: [DisplayList.Item], index: Int, state: inout RenderState) -> Int? {
        guard let end = TransformedGroupCache.matchingPop(of: index, in: items),
              let (lookup, _, _) = cachedEffect(.pushBlur(blur), items: items, index: index, end: end,
                                                transform: state.transform, clip: state.clip) else { return nil }
        switch lookup {
        case .uncacheable:
            return nil
        case .outside:
            shadowCache.keep(index...end, of: items)
        case .image(let image, let at):
            shadowCache.keep(index...end, of: items)
            state.composite(image, at: at)
        }
        return end
    }

    /// The shadow cache's answer for the shadow or blur `push` at `index` (its group ends at `end`) under the
    /// device transform `t`, for a repaint clipped to `clip` (made now when missing), and the shadow's offset in
    /// whole device pixels; nil for an effect that is not drawn (a clear shadow, a non-finite transform).
    private func cachedEffect(_ push: DisplayList.Item, items: [DisplayList.Item], index: Int, end: Int,
                              transform t: AffineTransform, clip: IntRect) -> (ShadowCache.Lookup, Int, Int)? {
        let scale = t.maxAxisScale
        guard scale.isFinite else { return nil }
        switch push {
        case .pushShadow(let s):
            let dx = (t.a * s.offset.x + t.c * s.offset.y).rounded(), dy = (t.b * s.offset.x + t.d * s.offset.y).rounded()
            guard s.color.alpha > 0, dx.isFinite, dy.isFinite, abs(dx) < Double(1 << 30), abs(dy) < Double(1 << 30) else { return nil }
            let lookup = shadowCache.lookup(at: index, items: items[(index + 1)..<end], effect: .shadow(color: s.color, radius: s.radius),
                                            transform: t, sigma: s.radius * scale / 2, reach: s.reach(scale: scale),
                                            shift: (Int(dx), Int(dy)), clip: clip, draw: drawGroup)
            return (lookup, Int(dx), Int(dy))
        case .pushBlur(let blur):
            let lookup = shadowCache.lookup(at: index, items: items[(index + 1)..<end], effect: .blur(blur), transform: t,
                                            sigma: blur.radius * scale / 2, reach: blur.reach(scale: scale), shift: (0, 0),
                                            clip: clip, draw: drawGroup)
            return (lookup, 0, 0)
        default:
            return nil
        }
    }

    /// Blurs the shadow or blur pushed at `index` of `list` whole into the shadow cache, if a repaint of `clip`
    /// through `transform` will need it and the cache lacks it (a parallel repaint blurs them first, one
    /// effect per job, rather than in the bands, where two bands would wait for the one blurring it).
    func prepareEffect(at index: Int, of list: DisplayList, transform: AffineTransform, clip: IntRect) {
        guard cachesShadows, let end = TransformedGroupCache.matchingPop(of: index, in: list.items) else { return }
        _ = cachedEffect(list.items[index], items: list.items, index: index, end: end, transform: transform, clip: clip)
    }

    /// Paints `list` into `buffer` (cleared first) through `transform`, for the shadow cache: as this renderer
    /// would, but blurring nested shadows over the buffer instead of caching them.
    private func drawGroup(_ list: DisplayList, into buffer: PixelBuffer, transform: AffineTransform) {
        paint(list, into: buffer, transform: transform, cachingShadows: false)
    }

    /// How many shadows and blurs were blurred from a whole group so far (for tests: an unchanged group is
    /// blurred once, however often it is repainted).
    public var shadowBuilds: Int { shadowCache.builds }

    /// How many groups keep a shadow or blur in the cache now, and the bytes of their images (for tests).
    public var cachedShadows: Int { shadowCache.count }
    public var shadowCacheBytes: Int { shadowCache.bytes }

    /// When the caching policy takes the group pushed at `index` under `t`, composites it from its cached
    /// bitmap and returns the index of its closing pop (the items up to it are done); nil: draw it directly.
    private func compositeFromCache(_ items: [DisplayList.Item], index: Int, transform t: AffineTransform,
                                    state: inout RenderState) -> Int? {
        // (A whole-pixel translation, the usual transform, is drawn directly: asked first, before the setting.)
        guard TransformedGroupCache.resamples(t) else { return nil }
        let caching = transformedGroupCaching
        guard caching != .never,
              let end = TransformedGroupCache.matchingPop(of: index, in: items),
              caching == .always || TransformedGroupCache.holdsTurnedText(items, index + 1..<end, under: t)
        else { return nil }
        state.setCanvasTransform()
        guard compositeCachedGroup(items, index: index, end: end, transform: t.concatenating(state.transform),
                                   on: state.canvas, onlyWhenWorthIt: caching == .automatic)
        else { return nil }
        return end
    }

    /// Composites the group pushed at `index` (closed at `end`) from its cached bitmap, rebuilt when its content
    /// changed; false when it has no bitmap (draws nothing, or too large, or — `onlyWhenWorthIt` — costs more
    /// to sample than to draw) and must be drawn directly.
    private func compositeCachedGroup(_ items: [DisplayList.Item], index: Int, end: Int, transform: AffineTransform,
                                      on canvas: Canvas, onlyWhenWorthIt: Bool) -> Bool {
        let bitmapScale = TransformedGroupCache.bitmapScale(for: transform, deviceScale: scale)
        guard let entry = groupCache.entry(at: index, items: items[(index + 1)..<end], scale: bitmapScale, text: text,
                                           keepingOnlyWorthy: onlyWhenWorthIt),
              entry.worthSampling || !onlyWhenWorthIt else {
            return false
        }
        let touched = DisplayList.bounds(of: entry.frame, under: transform).enclosingIntRect
        if !touched.intersects(canvas.clipBounds) { return true }
        if canvas === baseCanvas { uncoverDeferredCopies(under: nil, nil, touched.intersection(canvas.clipBounds)) }
        let saved = canvas.transform
        canvas.transform = transform
        TransformedGroupCache.composite(entry, on: canvas)
        canvas.transform = saved
        return true
    }

    /// How many transformed-group bitmaps were rasterized so far (for tests: a group whose only change is its
    /// transform is rasterized once).
    public var transformedGroupBuilds: Int { groupCache.builds }

    /// How many transformed groups keep a cache entry now — a bitmap, or the verdict not to keep one (for tests).
    public var cachedTransformedGroups: Int { groupCache.count }

    private func outline(_ index: Int) -> ShapeOutline {
        while outlines.count <= index { outlines.append(ShapeOutline()) }
        return outlines[index]
    }

    /// How many times the outline of item `index` was built so far (for tests: an item unchanged since the
    /// last frame is not flattened or stroked again when repainted).
    public func outlineBuilds(ofItemAt index: Int) -> Int {
        index < outlines.count ? outlines[index].builds : 0
    }

    private func layerBuffer(_ depth: Int) -> PixelBuffer {
        while layerPool.count <= depth { layerPool.append(PixelBuffer(width: target.width, height: target.height)) }
        return layerPool[depth]
    }
}
