import ScanoutRender

extension Image {
    /// A symbol by its SF Symbols name (SwiftUI's `Image(systemName:)`), drawn from Material Icons (compiled
    /// into Scanout, so every board draws the same; see scripts/make-symbol-font): `house`, `gear`, `bolt`, `thermometer`, `wifi`, `battery.50`,
    /// `lock`, `bell`, `chevron.right`, `plus`, `xmark`, `play.fill`, `power`, `trash` … — `Image.systemNames`
    /// lists them all. It is text-like: sized by the environment's font and `.imageScale`, drawn in the
    /// foreground colour. An unknown name draws a placeholder box and logs one line naming the symbol.
    public init(systemName: String) { self.init(source: .symbol(systemName)) }

    /// Every name `Image(systemName:)` draws (not in SwiftUI).
    public static var systemNames: [String] { SymbolTable.glyphs.keys.sorted() }
}

extension Image {
    init(source: Source) { self.source = source }
}

/// The relative size of symbols (SwiftUI's `Image.Scale`).
extension Image {
    public enum Scale: Hashable, Sendable { case small, medium, large }
}

struct ImageScaleKey: EnvironmentKey { static let defaultValue = Image.Scale.medium }

extension EnvironmentValues {
    /// The scale of symbols in this view.
    public var imageScale: Image.Scale {
        get { self[ImageScaleKey.self] }
        set { self[ImageScaleKey.self] = newValue }
    }
}

extension View {
    /// Scales symbols in this view relative to their font (SwiftUI's `imageScale(_:)`).
    public func imageScale(_ scale: Image.Scale) -> some View { environment(\.imageScale, scale) }
}

/// Draws a symbol as one glyph of the symbol face at the environment's font size, or a placeholder.
final class SymbolImageBehavior: NodeBehavior, HitTestableContent {
    private var name = ""
    private var scalar: Unicode.Scalar?

    /// The name asked for (`Image(systemName:)`) and the environment's variants it was resolved with.
    private var asked = ""
    private var variants = SymbolVariants.none

    override func update(_ view: any View) -> [ChildSlot]? {
        guard case .symbol(let askedName) = (view as! Image).source else { return [] }
        resolve(askedName, node.environment.current.symbolVariants)
        return []
    }

    /// Finds the symbol drawn for `askedName` in `variants` (again only when either changed).
    private func resolve(_ askedName: String, _ variants: SymbolVariants) {
        guard askedName != asked || variants != self.variants || name.isEmpty else { return }
        asked = askedName
        self.variants = variants
        let newName = variants.name(for: askedName) { SymbolTable.glyphs[$0] != nil }
        if newName != name {
            name = newName
            scalar = SymbolTable.glyphs[newName].flatMap { Unicode.Scalar($0.codePoint) }
            if scalar == nil {
                warnOnce("Image(systemName: \"\(newName)\"): not one of Scanout's symbols (see Image.systemNames); a placeholder is drawn")
            } else if let s = scalar, !TextEngine.shared.hasSymbol(s) {
                warnOnce("Image(systemName: \"\(newName)\"): the symbol font \(TextEngine.symbolFontName) did not load or lacks it; a placeholder is drawn")
                scalar = nil
            }
        }
    }

    private func warnOnce(_ message: String) {
        if !node.host.warnings.contains(message) { node.host.warn(message) }
    }

    /// The glyph's em in points: Material's 24-unit icons carry 20 units of ink, so the em is 1.2 times
    /// the font size to give ink about as tall as an SF symbol next to text of that font.
    private var em: CGFloat {
        let env = node.environment.current
        let size = (env.font ?? .body).size
        let scale: CGFloat
        switch env.imageScale {
        case .small: scale = 0.78
        case .medium: scale = 1
        case .large: scale = 1.29
        }
        return (size * 1.2 * scale).rounded()
    }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { CGSize(width: em, height: em) }
    override func place(in bounds: CGRect) {}

    override func draw(into list: inout DisplayList) {
        let env = node.environment.current
        resolve(asked, env.symbolVariants)
        let f = node.frame
        let color = (env.foregroundColor ?? .primary).resolved(in: env.colorScheme)
        if env.isRedacted {
            Redaction.box(f, color: color, into: &list)
            return
        }
        guard let scalar else {
            // The placeholder: a rounded box with a diagonal, in the foreground colour.
            let box = f.insetBy(dx: f.width * 0.12, dy: f.height * 0.12)
            guard box.width > 0, box.height > 0 else { return }
            var path = ScanoutRaster.Path(roundedRect: box.raster, cornerRadius: box.width * 0.15)
            path.move(to: Point(x: box.minX, y: box.maxY))
            path.addLine(to: Point(x: box.maxX, y: box.minY))
            list.append(.stroke(path, .solid(color), StrokeStyle(lineWidth: max(1, f.width / 14))))
            return
        }
        let d = FontDescriptor.symbols(size: em)
        let m = TextEngine.shared.metrics(d)
        // Centre the line box (ascender to descender) on the frame.
        let baseline = f.minY + (f.height - (m.ascender - m.descender)) / 2 + m.ascender
        let run = TextRun(string: String(Character(scalar)), font: d, origin: Point(x: f.minX, y: baseline), color: color,
                          frame: f.raster)
        guard env.layoutDirection == .rightToLeft, SymbolTable.mirroredInRightToLeft.contains(name) else {
            list.append(.text(run))
            return
        }
        // A directional symbol (list bullets, forward and backward chevrons) faces the other way in right to
        // left, as SF Symbols' do: mirrored about the frame's middle.
        list.append(.pushTransform(AffineTransform(a: -1, b: 0, c: 0, d: 1, tx: 2 * Double(f.midX), ty: 0)))
        list.append(.text(run))
        list.append(.pop)
    }

    func contentContains(_ point: CGPoint) -> Bool { node.frame.contains(point) }
}

/// How symbols use colour (SwiftUI's `SymbolRenderingMode`). Material Icons glyphs have one layer, so every
/// mode draws the whole symbol in the foreground colour (`.monochrome`); the modifier is accepted so SwiftUI
/// code that sets it compiles and looks right.
public struct SymbolRenderingMode: Hashable, Sendable {
    let kind: UInt8
    public static let monochrome = SymbolRenderingMode(kind: 0)
    public static let hierarchical = SymbolRenderingMode(kind: 1)
    public static let palette = SymbolRenderingMode(kind: 2)
    public static let multicolor = SymbolRenderingMode(kind: 3)
}

struct SymbolRenderingModeKey: EnvironmentKey { static let defaultValue: SymbolRenderingMode? = nil }

extension EnvironmentValues {
    /// The rendering mode of symbols in this view (nil: the symbol's default, monochrome here).
    public var symbolRenderingMode: SymbolRenderingMode? {
        get { self[SymbolRenderingModeKey.self] }
        set { self[SymbolRenderingModeKey.self] = newValue }
    }
}

extension View {
    /// Sets how symbols in this view use colour (all modes draw monochrome with Material Icons).
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> some View { environment(\.symbolRenderingMode, mode) }
}
