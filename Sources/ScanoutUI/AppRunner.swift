import Glibc
import ScanoutPlatform
import ScanoutRaster
import ScanoutRender

/// Runs an app's scene on a display: options → main loop (signals first, before any thread starts) → backend
/// → view host, frame scheduler, renderer and input wired together → the loop until SIGTERM/SIGINT/SIGHUP
/// (or N simulated frames, headless) → snapshot → display restored.
///
/// A frame (ARCHITECTURE.md §1): the display clock → input since the last frame (touches through the display
/// transform) → update → layout → display list → repaint the damage in a private composition of the logical
/// size (`FrameCompositor`) → copy what the back buffer lacks (its age's damage) through the transform into it
/// (scanout memory is written, never read: the renderer blends, so it never draws there directly) → commit.
/// The next frame starts from the flip event.
@MainActor
enum AppRunner {
    static func run<S: Scene>(_ scene: S) -> Int32 {
        let program = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? Substring($0)) } ?? "scanout"
        let options: PlatformOptions
        do throws(PlatformError) {
            options = try PlatformOptions.fromProcess()
        } catch {
            switch error {
            case .boardProfile, .boardNotFound, .system:
                AppLog.error("\(program): \(error)")  // a file's problem: the options were right
            default:
                AppLog.error("\(program): \(error)\nusage: \(program) [options]\n\(PlatformOptions.usage)")
            }
            return 2
        }
        if options.showHelp {
            print("usage: \(program) [options]\n\(PlatformOptions.usage)")
            return 0
        }
        for w in options.warnings { AppLog.error("\(program): warning: \(w)") }
        if let board = options.board { AppLog.info("board profile \(board.path)\(board.name.map { " (\($0))" } ?? "")") }
        if let directory = options.previewsDirectory { return PreviewRunner.run(into: directory, options: options, program: program) }
        do throws(PlatformError) {
            let session = try AppSession(scene: scene, options: options)
            return session.run()
        } catch .stopped(let what) {
            AppLog.info("stopped by a signal while \(what)")
            return 0
        } catch {
            AppLog.error("\(program): \(error)")
            return 1
        }
    }
}

/// One line to stdout or stderr, unbuffered (the lines are read live on a serial console).
enum AppLog {
    static func error(_ message: String) { emit(message, to: 2) }
    static func info(_ message: String) { emit("scanout: " + message, to: 1) }

    private static func emit(_ message: String, to fd: Int32) {
        var m = message + "\n"
        m.withUTF8 { _ = write(fd, $0.baseAddress, $0.count) }
    }
}
