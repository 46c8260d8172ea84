import ScanoutRender

/// Pixels in memory (ScanoutRaster's buffer), for `Image(pixels:)`.
public typealias PixelBuffer = ScanoutRaster.PixelBuffer

/// A bitmap (SwiftUI's `Image`): a PNG or JPEG file, a named resource, or pixels in memory.
///
/// Its size is the bitmap's, in points (pixels divided by the environment's `displayScale`), whatever is
/// proposed — unless it is `resizable()`, when it takes the proposal (the bitmap's size where the proposal
/// is unspecified) and stretches the bitmap into it. Combine with `aspectRatio(contentMode:)` to keep its
/// proportions. A file that is missing or cannot be decoded is reported once through the host's warnings
/// (naming the file and the decoder's reason); the image is then empty (zero size, nothing drawn).
public struct Image: View, PrimitiveView, Equatable {
    enum Source: Equatable {
        case file(String)
        case named(String)
        case pixels(ImageContent)
        /// A symbol by SF Symbols name (`Image(systemName:)`, see SystemImage.swift).
        case symbol(String)

        static func == (a: Source, b: Source) -> Bool {
            switch (a, b) {
            case let (.file(x), .file(y)), let (.named(x), .named(y)), let (.symbol(x), .symbol(y)): return x == y
            case let (.pixels(x), .pixels(y)): return x.pixels === y.pixels
            default: return false
            }
        }
    }

    /// How the bitmap is sampled when scaled (SwiftUI's `Image.Interpolation`): `.none` takes the nearest
    /// pixel (crisp pixel art); the others blend the four nearest pixels.
    public enum Interpolation: Sendable, Hashable { case none, low, medium, high }

    /// Whether the bitmap is drawn as it is or as a shape in the foreground colour (SwiftUI's
    /// `Image.TemplateRenderingMode`).
    public enum TemplateRenderingMode: Sendable, Hashable { case template, original }

    let source: Source
    var isResizable = false
    var interpolationMode = Interpolation.high
    var renderingMode: TemplateRenderingMode?
    /// Pixels per point of the bitmap itself (`AsyncImage`'s `scale`: 2 for an `@2x` image), times the display's.
    var pixelScale: CGFloat = 1

    /// The image named `name` in `Image.resourceDirectories`: the file `name.png`, `name.jpg` or `name.jpeg`
    /// (or `name` itself if it has one of those extensions) in the first folder that has one.
    public init(_ name: String) { source = .named(name) }

    /// The PNG or JPEG file at `path` (not in SwiftUI, which reads images from bundles). Files are decoded
    /// once and cached by path (`ImageStore`).
    public init(contentsOfFile path: String) { source = .file(path) }

    /// Pixels already in memory (not in SwiftUI). The buffer is shared, not copied: do not change its pixels
    /// while an image shows it; make a new buffer (and a new `Image`) instead.
    public init(pixels: PixelBuffer) { source = .pixels(ImageContent(pixels)) }

    /// Folders searched by `Image(_ name:)`, in order. By default: those in the `SCANOUT_RESOURCES`
    /// environment variable (colon-separated), then the executable's folder and its `Resources` subfolder.
    public static var resourceDirectories: [String] = ImageStore.defaultResourceDirectories()

    /// The image takes the size proposed to it, stretching the bitmap.
    public func resizable() -> Image { var i = self; i.isResizable = true; return i }

    /// How the bitmap is sampled when scaled.
    public func interpolation(_ interpolation: Interpolation) -> Image { var i = self; i.interpolationMode = interpolation; return i }

    /// `.template`: the bitmap's shape (its alpha) filled with the foreground colour — an icon drawn in the
    /// text's colour, tinted in a button; `.original` or nil: its own colours. (Symbols are always drawn in the
    /// foreground colour.)
    public func renderingMode(_ renderingMode: TemplateRenderingMode?) -> Image { var i = self; i.renderingMode = renderingMode; return i }

    func makeBehavior() -> NodeBehavior {
        if case .symbol = source { return SymbolImageBehavior() }
        return ImageBehavior()
    }
}

final class ImageBehavior: NodeBehavior, HitTestableContent {
    private var image: Image?
    /// The decoded bitmap; nil when it could not be loaded.
    private var content: ImageContent?

    override func update(_ view: any View) -> [ChildSlot]? {
        let new = view as! Image
        let reload = image?.source != new.source
        image = new
        if reload { load(new.source) }
        return []
    }

    private func load(_ source: Image.Source) {
        let result: Result<ImageContent, ImageLoadError>
        let call: String
        switch source {
        case .pixels(let pixels):
            content = pixels
            return
        case .symbol:
            content = nil  // drawn by SymbolImageBehavior
            return
        case .file(let path):
            result = ImageStore.shared.image(contentsOfFile: path)
            call = "Image(contentsOfFile: \"\(path)\")"
        case .named(let name):
            result = ImageStore.shared.image(named: name, in: Image.resourceDirectories)
            call = "Image(\"\(name)\")"
        }
        switch result {
        case .success(let loaded):
            content = loaded
        case .failure(let error):
            content = nil
            let message = "\(call): \(error.description); the image is left empty"
            if !node.host.warnings.contains(message) { node.host.warn(message) }
        }
    }

    /// The bitmap's size in points.
    private var bitmapSize: CGSize {
        guard let content else { return .zero }
        let scale = node.environment.current.displayScale * (image?.pixelScale ?? 1)
        let s = scale > 0 ? scale : 1
        return CGSize(width: CGFloat(content.width) / s, height: CGFloat(content.height) / s)
    }

    override func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        let bitmap = bitmapSize
        guard content != nil, image?.isResizable == true else { return bitmap }
        return CGSize(width: proposal.width ?? bitmap.width, height: proposal.height ?? bitmap.height)
    }

    override func place(in bounds: CGRect) {}

    override func draw(into list: inout DisplayList) {
        guard var content, let image, node.frame.width > 0, node.frame.height > 0 else { return }
        if node.environment.current.isRedacted {
            let env = node.environment.current
            Redaction.box(node.frame, color: (env.foregroundColor ?? .primary).resolved(in: env.colorScheme), into: &list)
            return
        }
        if image.renderingMode == .template {
            let env = node.environment.current
            content = tinted(content, (env.foregroundColor ?? .primary).resolved(in: env.colorScheme))
        }
        list.append(.image(content, node.frame.raster, image.interpolationMode == .none ? .nearest : .bilinear))
    }

    /// The template image last made: the bitmap it was made from, its colour, and the result.
    private var template: (source: ImageContent, color: RGBA, image: ImageContent)?

    /// `content`'s alpha filled with `color` (made once per bitmap and colour, not per frame).
    private func tinted(_ content: ImageContent, _ color: RGBA) -> ImageContent {
        if let t = template, t.source === content, t.color == color { return t.image }
        let source = content.pixels
        let out = PixelBuffer(width: source.width, height: source.height)
        let a = UInt32(color.alpha), r = UInt32(color.red), g = UInt32(color.green), b = UInt32(color.blue)
        for y in 0..<source.height {
            for x in 0..<source.width {
                let coverage = source.premultipliedPixel(x: x, y: y) >> 24
                let alpha = (a * coverage + 127) / 255
                let p = alpha << 24 | ((r * alpha + 127) / 255) << 16 | ((g * alpha + 127) / 255) << 8 | (b * alpha + 127) / 255
                out.setPremultipliedPixel(x: x, y: y, p)
            }
        }
        let image = ImageContent(out)
        template = (content, color, image)
        return image
    }

    func contentContains(_ point: CGPoint) -> Bool { content != nil && node.frame.contains(point) }
}
