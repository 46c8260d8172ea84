import Glibc
import ScanoutRaster
import ScanoutRender

/// A colour effect (SwiftUI's `grayscale`, `saturation`, `brightness`, `contrast`, `colorMultiply`,
/// `hueRotation`, `colorInvert`, `luminanceToAlpha`): a 4x5 matrix over straight colour components in 0...1
/// (red, green, blue, alpha, then a constant), the result clamped to 0...1 — the matrices of the SVG and CSS
/// filter specifications, which SwiftUI's documentation refers to.
struct ColorEffectMatrix: Equatable {
    /// What each input component (red, green, blue, alpha) adds to the output's four, and the constant added.
    var red, green, blue, alpha, constant: SIMD4<Double>

    /// From rows: output red = rows[0] · (r, g, b) + offsets[0], …; alpha unchanged.
    init(rgb rows: [SIMD3<Double>], offset: SIMD3<Double> = .zero) {
        red = [rows[0].x, rows[1].x, rows[2].x, 0]
        green = [rows[0].y, rows[1].y, rows[2].y, 0]
        blue = [rows[0].z, rows[1].z, rows[2].z, 0]
        alpha = [0, 0, 0, 1]
        constant = [offset.x, offset.y, offset.z, 0]
    }

    init(red: SIMD4<Double>, green: SIMD4<Double>, blue: SIMD4<Double>, alpha: SIMD4<Double>, constant: SIMD4<Double>) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha; self.constant = constant
    }

    /// Saturation `s` (CSS `saturate`): 0 grey, 1 unchanged, above 1 more colourful.
    static func saturation(_ s: Double) -> Self {
        Self(rgb: [[0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s],
                   [0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s],
                   [0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s]])
    }

    /// Grey by `amount` (CSS `grayscale`, Rec. 709 luminance), clamped to 0...1.
    static func grayscale(_ amount: Double) -> Self {
        let k = 1 - max(0, min(1, amount))
        return Self(rgb: [[0.2126 + 0.7874 * k, 0.7152 - 0.7152 * k, 0.0722 - 0.0722 * k],
                          [0.2126 - 0.2126 * k, 0.7152 + 0.2848 * k, 0.0722 - 0.0722 * k],
                          [0.2126 - 0.2126 * k, 0.7152 - 0.7152 * k, 0.0722 + 0.9278 * k]])
    }

    /// `amount` added to each colour component (1: white, negative: darker).
    static func brightness(_ amount: Double) -> Self {
        Self(rgb: [[1, 0, 0], [0, 1, 0], [0, 0, 1]], offset: SIMD3(repeating: amount))
    }

    /// Each colour component's distance from mid-grey scaled by `amount` (0: grey, 1: unchanged, negative: inverted).
    static func contrast(_ amount: Double) -> Self {
        Self(rgb: [[amount, 0, 0], [0, amount, 0], [0, 0, amount]], offset: SIMD3(repeating: 0.5 - 0.5 * amount))
    }

    /// Each component multiplied by the colour's.
    static func multiply(_ c: RGBA) -> Self {
        Self(red: [Double(c.red) / 255, 0, 0, 0], green: [0, Double(c.green) / 255, 0, 0], blue: [0, 0, Double(c.blue) / 255, 0],
             alpha: [0, 0, 0, Double(c.alpha) / 255], constant: .zero)
    }

    /// Hues turned by `radians` around the luminance axis (SVG `hueRotate`).
    static func hueRotation(_ radians: Double) -> Self {
        let c = cos(radians), s = sin(radians)
        return Self(rgb: [[0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928],
                          [0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283],
                          [0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072]])
    }

    /// Each colour component replaced by its complement.
    static let inversion = Self(rgb: [[-1, 0, 0], [0, -1, 0], [0, 0, -1]], offset: SIMD3(repeating: 1))

    /// Black, as opaque as the colour is luminous (SVG `luminanceToAlpha`: the input's alpha is not used).
    static let luminanceToAlpha = Self(red: [0, 0, 0, 0.2125], green: [0, 0, 0, 0.7154], blue: [0, 0, 0, 0.0721], alpha: .zero,
                                       constant: .zero)

    /// The matrix applied to straight components in 0...1, clamped.
    @inline(__always) func apply(_ v: SIMD4<Double>) -> SIMD4<Double> {
        var o = red * v.x + green * v.y + blue * v.z + alpha * v.w + constant
        o.clamp(lowerBound: .zero, upperBound: .one)
        return o
    }
}

/// The colour effects a node's drawing goes through, innermost first: each effect modifier links its own to
/// the ones around it. Kept on the environment node its content sees (`EnvironmentNode.colorEffects`), not
/// in the environment's values: a node records its items through its chain without reading the graph.
@MainActor
final class ColorEffectChain {
    var matrix: ColorEffectMatrix
    let enclosing: ColorEffectChain?
    /// Images drawn through the chain, by their source's identity (the matrices they were made with: an
    /// effect that changes makes them again). Bounded: an app showing many images under an effect makes them
    /// again rather than keeping them all.
    /// (The same result each time, so that damage tracking and the renderer's caches see the same image.)
    private var images: [ObjectIdentifier: (source: PixelBuffer, matrices: [ColorEffectMatrix], result: ImageContent)] = [:]

    init(_ matrix: ColorEffectMatrix, enclosing: ColorEffectChain?) {
        self.matrix = matrix
        self.enclosing = enclosing
    }

    /// The matrices, innermost first.
    var matrices: [ColorEffectMatrix] {
        var out: [ColorEffectMatrix] = []
        var link: ColorEffectChain? = self
        while let l = link { out.append(l.matrix); link = l.enclosing }
        return out
    }

    /// `c` through every matrix in turn, each result clamped before the next (as effects applied one after another).
    static func apply(_ matrices: [ColorEffectMatrix], to c: RGBA) -> RGBA {
        var v = SIMD4<Double>(Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha)) / 255
        for m in matrices { v = m.apply(v) }
        let q = (v * 255).rounded(.toNearestOrEven)
        return RGBA(red: UInt8(q.x), green: UInt8(q.y), blue: UInt8(q.z), alpha: UInt8(q.w))
    }

    /// `image` through `matrices`, the chain's (premultiplied pixels: each is made straight, changed and
    /// premultiplied).
    private func apply(_ image: PixelBuffer, _ matrices: [ColorEffectMatrix]) -> ImageContent {
        let key = ObjectIdentifier(image)
        if let kept = images[key], kept.source === image, kept.matrices == matrices { return kept.result }
        let out = PixelBuffer(width: image.width, height: image.height, format: .argb8888)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.premultipliedPixel(x: x, y: y)
                out.setPremultipliedPixel(x: x, y: y, Self.apply(matrices, to: RGBA(premultiplied: p)).premultiplied)
            }
        }
        if images.count >= 16 { images.removeAll() }
        let result = ImageContent(out)
        images[key] = (image, matrices, result)
        return result
    }

    /// The items of `range` of `list` (those `owner` recorded, when given) drawn through the effects: their
    /// colours, gradients' stops, shadows and images.
    /// (The chain is walked once for the range, not once per colour.)
    func apply(to list: inout DisplayList, in range: Range<Int>, owner: UInt64? = nil) {
        let matrices = self.matrices
        func apply(_ c: RGBA) -> RGBA { Self.apply(matrices, to: c) }
        func apply(_ paint: Paint) -> Paint {
            func stops(_ g: ScanoutRaster.Gradient) -> ScanoutRaster.Gradient {
                ScanoutRaster.Gradient(stops: g.stops.map { ScanoutRaster.Gradient.Stop(color: apply($0.color), location: $0.location) })
            }
            switch paint {
            case .solid(let c): return .solid(apply(c))
            case .linearGradient(var g): g.gradient = stops(g.gradient); return .linearGradient(g)
            case .radialGradient(var g): g.gradient = stops(g.gradient); return .radialGradient(g)
            case .conicGradient(var g): g.gradient = stops(g.gradient); return .conicGradient(g)
            case .image(var pattern): pattern.image = self.apply(pattern.image, matrices).pixels; return .image(pattern)
            }
        }
        list.updateItems(in: range, owner: owner) { item in
            switch item {
            case .fill(let path, let paint, let style): item = .fill(path, apply(paint), style)
            case .stroke(let path, let paint, let style): item = .stroke(path, apply(paint), style)
            case .text(var run):
                run.color = apply(run.color)
                item = .text(run)
            case .image(let content, let rect, let filter): item = .image(self.apply(content.pixels, matrices), rect, filter)
            case .pushShadow(var shadow):
                shadow.color = apply(shadow.color)
                item = .pushShadow(shadow)
            case .pushClip, .pushClipShape, .pushOpacity, .pushTransform, .pushBlur, .pushMaskedGroup, .pushMask, .pushBlend, .pop: break
            }
        }
    }
}

/// A colour effect modifier's value: the effect's matrix, animated as its parameter is (SwiftUI animates them).
struct ColorEffectModifier: PrimitiveModifier {
    enum Kind: Equatable {
        case grayscale, saturation, brightness, contrast, hueRotation
        case multiply(Color), inversion, luminanceToAlpha
    }
    let kind: Kind
    /// The effect's amount (radians for a hue rotation); unused by the others.
    var amount: Double = 0
    func makeBehavior() -> ModifierBehavior { ColorEffectBehavior() }
}

/// Hands its content an environment node whose colour effects include this one: every node below records its
/// items through them (see `ViewNode.recordOwnItems`). A change of the effect records the subtree again.
final class ColorEffectBehavior: ModifierBehavior, AnimationTicking {
    override var drawingReadsPlacement: Bool { false }
    override var viewValueAffectsOwnOutput: Bool { false }
    private var kind: ColorEffectModifier.Kind?
    private var amount: AnimatedValue<Double>?
    private var chain: ColorEffectChain?
    private var derived: EnvironmentNode?

    override var environmentForChildren: EnvironmentNode? { derived }

    override func updateModifier(_ modifier: any ViewModifier) {
        let m = modifier.known(as: ColorEffectModifier.self)
        let kindChanged = m.kind != kind
        kind = m.kind
        if let amount {
            if amount.set(m.amount, animation: node.animationForChange(), now: node.host.time) { node.host.startAnimating(self) }
        } else {
            amount = AnimatedValue(m.amount)
        }
        let matrix = currentMatrix()
        if let chain {
            guard matrix != chain.matrix || kindChanged else { return }
            chain.matrix = matrix
            setSubtreeNeedsDisplay()
        } else {
            let environment = node.environment
            let chain = ColorEffectChain(matrix, enclosing: environment.colorEffects)
            self.chain = chain
            derived = EnvironmentNode(graph: node.host.graph, values: environment.values, colorEffects: chain)
        }
    }

    func tick(_ now: Double) -> Bool {
        let going = amount?.tick(now) ?? false
        if let chain {
            let matrix = currentMatrix()
            if matrix != chain.matrix {
                chain.matrix = matrix
                setSubtreeNeedsDisplay()
            }
        }
        return going
    }

    private func currentMatrix() -> ColorEffectMatrix {
        let a = amount?.presentation ?? 0
        switch kind ?? .inversion {
        case .grayscale: return .grayscale(a)
        case .saturation: return .saturation(a)
        case .brightness: return .brightness(a)
        case .contrast: return .contrast(a)
        case .hueRotation: return .hueRotation(a)
        case .multiply(let color): return .multiply(color.resolved(in: node.environment.current.colorScheme))
        case .inversion: return .inversion
        case .luminanceToAlpha: return .luminanceToAlpha
        }
    }

    private func setSubtreeNeedsDisplay() {
        func mark(_ n: ViewNode) {
            n.setNeedsDisplay()
            for c in n.children { mark(c) }
        }
        mark(node)
    }
}

/// The colour effects reach everything the view draws: its subviews, text, shapes' colours and gradients,
/// images and shadows. They are applied to each drawing before it is blended (exactly SwiftUI's picture where
/// drawings do not overlap, and for opaque drawings over each other); where translucent drawings overlap, the
/// effect of `luminanceToAlpha()` and of values past 0...1 (clamped per drawing, not once for the group) can
/// differ slightly from SwiftUI's, which filters the composited view. Colour emoji keep their colours.
extension View {
    /// Draws this view in grey by `amount` (0: as it is, 1: wholly grey; SwiftUI's `grayscale(_:)`).
    public func grayscale(_ amount: Double) -> some View {
        modifier(ColorEffectModifier(kind: .grayscale, amount: amount))
    }

    /// Draws this view's colours with `amount` of their saturation (0: grey, 1: as they are; SwiftUI's
    /// `saturation(_:)`).
    public func saturation(_ amount: Double) -> some View {
        modifier(ColorEffectModifier(kind: .saturation, amount: amount))
    }

    /// Brightens this view's colours by `amount` (0: as they are, 1: white; negative darkens; SwiftUI's
    /// `brightness(_:)`).
    public func brightness(_ amount: Double) -> some View {
        modifier(ColorEffectModifier(kind: .brightness, amount: amount))
    }

    /// Scales this view's colours' contrast by `amount` (1: as they are, 0: grey, negative: inverted as well;
    /// SwiftUI's `contrast(_:)`).
    public func contrast(_ amount: Double) -> some View {
        modifier(ColorEffectModifier(kind: .contrast, amount: amount))
    }

    /// Turns this view's hues by `angle` (SwiftUI's `hueRotation(_:)`).
    public func hueRotation(_ angle: Angle) -> some View {
        modifier(ColorEffectModifier(kind: .hueRotation, amount: angle.radians))
    }

    /// Multiplies this view's colours, opacity included, by `color`'s (SwiftUI's `colorMultiply(_:)`).
    public func colorMultiply(_ color: Color) -> some View {
        modifier(ColorEffectModifier(kind: .multiply(color)))
    }

    /// Draws this view's colours inverted (SwiftUI's `colorInvert()`).
    public func colorInvert() -> some View {
        modifier(ColorEffectModifier(kind: .inversion))
    }

    /// Draws this view black, as opaque as its colours are luminous (SwiftUI's `luminanceToAlpha()`): a mask
    /// made from a picture.
    public func luminanceToAlpha() -> some View {
        modifier(ColorEffectModifier(kind: .luminanceToAlpha))
    }
}
