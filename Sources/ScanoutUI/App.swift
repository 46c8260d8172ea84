import Glibc

/// An app: its scenes, and a `main()` that runs them on the display Scanout finds (SwiftUI's `App`).
///
/// ```swift
/// @main struct Panel: App {
///     var body: some Scene { WindowGroup { ContentView() } }
/// }
/// ```
///
/// `main()` reads the command line and environment (`--backend drm|headless`, `--rotation`, `--frames N`,
/// `--snapshot PATH`, ...; `--help` lists them), opens the display, and runs the frame loop until SIGTERM or
/// SIGINT, then restores the display and exits 0.
@MainActor @preconcurrency
public protocol App {
    associatedtype Body: Scene
    @SceneBuilder var body: Self.Body { get }
    init()
}

extension App {
    /// Runs the app and exits the process with its status.
    public static func main() {
        let status = AppRunner.run(Self().body)
        exit(status)
    }
}

/// A part of an app's interface (SwiftUI's `Scene`). Scanout shows one scene: the first `WindowGroup`, full
/// screen.
@MainActor @preconcurrency
public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder var body: Self.Body { get }
}

extension Never: Scene {}

/// Scenes that the runtime shows itself instead of evaluating a body.
@MainActor
protocol PrimitiveScene: Scene where Body == Never {
    /// The view host for the scene's content, laid out in `size` with `environment`.
    func makeViewHost(size: CGSize, environment: EnvironmentValues) -> ViewHost
}

extension PrimitiveScene {
    public var body: Never { fatalError("\(Self.self) is a built-in scene and has no body") }
}

extension Scene {
    /// The view host of the primitive scene this one comes down to.
    func resolveViewHost(size: CGSize, environment: EnvironmentValues) -> ViewHost {
        if let primitive = self as? any PrimitiveScene {
            return primitive.makeViewHost(size: size, environment: environment)
        }
        return body.resolveViewHost(size: size, environment: environment)
    }
}

/// The app's window: on a panel, the whole screen.
public struct WindowGroup<Content: View>: Scene, PrimitiveScene {
    let content: Content

    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    func makeViewHost(size: CGSize, environment: EnvironmentValues) -> ViewHost {
        // A panel's window hosts the on-screen keyboard for its text fields, as a phone's does.
        if let mode = environment.sceneKeyboardMode {
            return ViewHost(rootView: content.onScreenKeyboard(mode), size: size, environment: environment)
        }
        return ViewHost(rootView: content, size: size, environment: environment)
    }
}

struct SceneKeyboardModeKey: EnvironmentKey { static let defaultValue: OnScreenKeyboardMode? = nil }

extension EnvironmentValues {
    /// The on-screen keyboard a scene's window hosts (the runner sets it from `--osk`; nil: none).
    var sceneKeyboardMode: OnScreenKeyboardMode? {
        get { self[SceneKeyboardModeKey.self] }
        set { self[SceneKeyboardModeKey.self] = newValue }
    }
}

/// Builds an app's scenes (one scene today).
@resultBuilder
public enum SceneBuilder {
    public static func buildBlock<S: Scene>(_ scene: S) -> S { scene }
    public static func buildExpression<S: Scene>(_ scene: S) -> S { scene }
}
