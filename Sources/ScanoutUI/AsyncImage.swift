import ScanoutRender

/// An image loaded from a URL off the main thread, shown in phases (SwiftUI's `AsyncImage`): a placeholder
/// while it loads (a grey box filling the space, or the app's), then the image — or, when it cannot be
/// loaded, the failure phase (the default form keeps the placeholder). A panel's runtime has no network
/// client: `file:` URLs (and plain paths) are read and decoded (PNG, JPEG), and any other scheme fails at
/// once with an error that says so — fetch the bytes yourself and show `Image(pixels:)`, or save them to a
/// file. Each failure is also reported once through the host's warnings, naming the URL and the reason.
public struct AsyncImage<Content: View>: View {
    let url: URL?
    let scale: CGFloat
    let transaction: Transaction
    let makeContent: (AsyncImagePhase) -> AnyView
    @State private var loaded: (url: URL?, phase: AsyncImagePhase)?

    /// The image at `url`, a grey placeholder until it loads (and if it does not).
    public init(url: URL?, scale: CGFloat = 1) where Content == Image {
        self.init(url: url, scale: scale, transaction: Transaction()) { phase in
            if let image = phase.image { AnyView(image) } else { AnyView(Palette.imagePlaceholder) }
        }
    }

    /// The image at `url` through `content`, `placeholder` until it loads (and if it does not).
    public init<I: View, P: View>(url: URL?, scale: CGFloat = 1, @ViewBuilder content: @escaping (Image) -> I,
                                  @ViewBuilder placeholder: @escaping () -> P) where Content == _ConditionalContent<I, P> {
        self.init(url: url, scale: scale, transaction: Transaction()) { phase in
            if let image = phase.image { AnyView(content(image)) } else { AnyView(placeholder()) }
        }
    }

    /// The view `content` makes of each phase of loading the image at `url`; a phase change is applied with
    /// `transaction` (its animation, say).
    public init(url: URL?, scale: CGFloat = 1, transaction: Transaction = Transaction(),
                @ViewBuilder content: @escaping (AsyncImagePhase) -> Content) {
        self.init(url: url, scale: scale, transaction: transaction) { AnyView(content($0)) }
    }

    private init(url: URL?, scale: CGFloat, transaction: Transaction, makeContent: @escaping (AsyncImagePhase) -> AnyView) {
        self.url = url
        self.scale = scale
        self.transaction = transaction
        self.makeContent = makeContent
    }

    public var body: some View {
        let url = self.url, transaction = self.transaction, scale = self.scale
        let phase = loaded.flatMap { $0.url == url ? $0.phase : nil } ?? .empty
        let loaded = $loaded
        return makeContent(phase)
            .task(id: url) {
                let result = await AsyncImageLoader.load(url)
                let phase: AsyncImagePhase
                switch result {
                case .success(let pixels):
                    var image = Image(pixels: pixels.buffer)
                    image.pixelScale = scale > 0 ? scale : 1
                    phase = .success(image)
                case .failure(let error): phase = .failure(error)
                }
                withTransaction(transaction) { loaded.wrappedValue = (url, phase) }
            }
            .modifier(AsyncImageWarning(url: url, error: phase.error))
    }
}

/// Where loading an image is (SwiftUI's `AsyncImagePhase`).
public enum AsyncImagePhase {
    case empty
    case success(Image)
    case failure(any Error)

    /// The loaded image, if any.
    public var image: Image? {
        if case .success(let image) = self { return image }
        return nil
    }

    /// Why the image could not be loaded, if it could not.
    public var error: (any Error)? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// Why an `AsyncImage` shows no image.
public struct AsyncImageError: Error, CustomStringConvertible {
    public let description: String
}

/// Reads and decodes an image off the main thread.
enum AsyncImageLoader {
    /// Decoded pixels handed from the loading task to the main actor (nothing else holds them).
    struct Decoded: @unchecked Sendable { let buffer: PixelBuffer }

    static func load(_ url: URL?) async -> Result<Decoded, AsyncImageError> {
        guard let url else { return .failure(AsyncImageError(description: "no URL")) }
        let path: String
        if url.isFileURL {
            path = url.path
        } else if url.scheme == nil {
            path = url.relativeString
        } else {
            return .failure(AsyncImageError(description: "\(url.absoluteString): Scanout loads images from files only (a panel's runtime has no network client); fetch the bytes and show Image(pixels:), or save them to a file and use a file: URL"))
        }
        let task = Task.detached(priority: .utility) { () -> Result<Decoded, AsyncImageError> in
            do {
                return .success(Decoded(buffer: try ImageStore.decode(contentsOfFile: path)))
            } catch {
                return .failure(AsyncImageError(description: String(describing: error)))
            }
        }
        return await task.value
    }
}

/// Reports an `AsyncImage`'s failure once through the host's warnings.
struct AsyncImageWarning: PrimitiveModifier {
    let url: URL?
    let error: (any Error)?
    func makeBehavior() -> ModifierBehavior { AsyncImageWarningBehavior() }
}

final class AsyncImageWarningBehavior: ModifierBehavior {
    override func updateModifier(_ modifier: any ViewModifier) {
        let m = modifier.known(as: AsyncImageWarning.self)
        guard let error = m.error else { return }
        let message = "AsyncImage(url: \(m.url?.absoluteString ?? "nil")): \(error); the placeholder stays"
        if !node.host.warnings.contains(message) { node.host.warn(message) }
    }
}
