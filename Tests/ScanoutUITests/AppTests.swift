import Glibc
import ScanoutPlatform
import XCTest
@testable import ScanoutUI

/// The App entry's pieces: scenes resolve to a view host with the display's environment, and a headless
/// session runs frames of simulated time through the real scheduler, loop and display, then snapshots.
final class AppTests: XCTestCase, @unchecked Sendable {
    struct Panel: App {
        var body: some Scene { WindowGroup { Text("Hello panel") } }
    }

    struct Wrapped: Scene {
        var body: some Scene { WindowGroup { Text("Wrapped") } }
    }

    struct Animated: View {
        @State var count = 0
        var body: some View {
            Text("Frame \(count)").onAppear { count += 1 }
        }
    }

    /// A square sliding right over `duration` seconds from its first appearance.
    struct Sliding: View {
        var duration = 0.1
        @State var right = false
        var body: some View {
            Rectangle().fill(Color.blue).frame(width: 10, height: 10).offset(x: right ? 40 : 0)
                .onAppear { withAnimation(.linear(duration: duration)) { right = true } }
        }
    }

    /// Runs a headless session of `view` to its end (status 0 expected); returns the frames it committed.
    func committedFrames<V: View>(of view: @escaping @MainActor () -> V, options: PlatformOptions) throws -> Int {
        try MainActor.assumeIsolated { () throws -> Int in
            let session = try AppSession(scene: WindowGroup { view() }, options: options)
            XCTAssertEqual(session.run(), 0)
            return session.committed
        }
    }

    /// A headless run of `frames` simulated frames at 40x20, its last frame written to `snapshot`.
    func headlessOptions(frames: Int, snapshot: String) -> PlatformOptions {
        var options = PlatformOptions()
        options.backend = .headless
        options.frames = frames
        options.snapshotPath = snapshot
        options.headlessWidth = 40
        options.headlessHeight = 20
        return options
    }

    /// The red channel of the top-left pixel of a PPM snapshot (where an app drawing only a small text shows its
    /// background); nil when the file cannot be read.
    func topLeftRed(ofSnapshot path: String) -> Int? {
        guard let f = fopen(path, "r") else { return nil }
        defer { fclose(f) }
        var bytes = [UInt8](repeating: 0, count: 14)  // "P6\n40 20\n255\n" and the first pixel's red
        guard fread(&bytes, 1, 14, f) == 14 else { return nil }
        return Int(bytes[13])
    }

    @MainActor func testScenesResolveToAViewHost() async {
        var env = EnvironmentValues()
        env.displaySize = ScanoutUI.CGSize(width: 320, height: 240)
        let host = Panel().body.resolveViewHost(size: env.displaySize, environment: env)
        XCTAssertEqual(host.size, ScanoutUI.CGSize(width: 320, height: 240))
        XCTAssertEqual(host.environment.displaySize, env.displaySize)
        let wrapped = Wrapped().resolveViewHost(size: env.displaySize, environment: env)
        wrapped.update()
        wrapped.layout()
        XCTAssertFalse(wrapped.makeDisplayList().items.isEmpty)
    }

    /// `--osk`: a panel's window hosts the on-screen keyboard (auto, always), or none (never).
    func testOnScreenKeyboardOptionDecidesWhatTheWindowHosts() throws {
        for (setting, expected) in [(OnScreenKeyboardSetting.auto, OnScreenKeyboardMode?.some(.auto)), (.always, .always), (.never, nil)] {
            var options = PlatformOptions()
            options.backend = .headless
            options.frames = 1
            options.headlessWidth = 40
            options.headlessHeight = 20
            options.onScreenKeyboard = setting
            try MainActor.assumeIsolated { () throws in
                let session = try AppSession(scene: WindowGroup { Text("x") }, options: options)
                XCTAssertEqual(session.host.environment.sceneKeyboardMode, expected, "\(setting)")
                XCTAssertEqual(session.run(), 0)
            }
        }
    }

    /// `--appearance`: the app's root colour scheme, and the background where it draws nothing (SwiftUI's
    /// window background: white in light, black in dark).
    func testAppearanceSetsTheRootSchemeAndTheBackground() throws {
        for (appearance, expected) in [(PanelAppearance.light, (255, ColorScheme.light)), (.dark, (0, ColorScheme.dark))] {
            let path = "/tmp/scanout-appearance-test-\(getpid()).ppm"
            defer { unlink(path) }
            var options = headlessOptions(frames: 2, snapshot: path)
            options.appearance = appearance
            let scheme = try MainActor.assumeIsolated { () throws -> ColorScheme in
                let session = try AppSession(scene: WindowGroup { Text("x") }, options: options)
                XCTAssertEqual(session.run(), 0)
                return session.host.environment.colorScheme
            }
            XCTAssertEqual(scheme, expected.1)
            XCTAssertEqual(topLeftRed(ofSnapshot: path), expected.0, "\(appearance): the top-left pixel is the background")
        }
    }

    /// `--appearance auto`: the board's light sensor decides the scheme at start and, read again, switches the
    /// running app (its state kept) and the background; without a sensor the app is light.
    func testAutoAppearanceFollowsTheLightSensor() throws {
        let root = "/tmp/scanout-iio-test-\(getpid())"
        let lux = root + "/iio:device0/in_illuminance_input"
        mkdir(root, 0o755); mkdir(root + "/iio:device0", 0o755)
        defer { unlink(lux); rmdir(root + "/iio:device0"); rmdir(root) }
        func write(_ text: String) { guard let f = fopen(lux, "w") else { return XCTFail("cannot write \(lux)") }; fputs(text, f); fclose(f) }
        let path = "/tmp/scanout-auto-appearance-test-\(getpid()).ppm"
        defer { unlink(path) }
        var options = headlessOptions(frames: 2, snapshot: path)
        options.appearance = .auto
        options.ambientLightDevices = root
        final class Counter { var appeared = 0 }
        let counter = Counter()
        write("3\n")
        try MainActor.assumeIsolated { () throws in
            let session = try AppSession(scene: WindowGroup { Text("x").onAppear { counter.appeared += 1 } }, options: options)
            XCTAssertEqual(session.host.environment.colorScheme, .dark, "3 lux: a dark room")
            write("30\n")
            session.readLightSensor()
            XCTAssertEqual(session.host.environment.colorScheme, .dark, "inside the gap: unchanged")
            write("400\n")
            session.readLightSensor()
            XCTAssertEqual(session.host.environment.colorScheme, .light)
            XCTAssertEqual(session.run(), 0)
            XCTAssertEqual(counter.appeared, 1, "the switch redraws the app, it does not make it again")
        }
        XCTAssertEqual(topLeftRed(ofSnapshot: path), 255, "the background follows the switch to light")

        options.ambientLightDevices = root + "/none"
        try MainActor.assumeIsolated { () throws in
            let session = try AppSession(scene: WindowGroup { Text("x") }, options: options)
            XCTAssertEqual(session.host.environment.colorScheme, .light, "no sensor: light")
            XCTAssertEqual(session.run(), 0)
        }
    }

    // Synchronous: the session runs the main loop, which drains main-actor jobs itself (see MainLoopTests).
    func testHeadlessSessionRunsSimulatedFramesAndWritesASnapshot() throws {
        let path = "/tmp/scanout-app-test-\(getpid()).ppm"
        defer { unlink(path) }
        var options = PlatformOptions()
        options.backend = .headless
        options.frames = 5
        options.snapshotPath = path
        options.headlessWidth = 64
        options.headlessHeight = 32
        options.rotation = .degrees90
        let status = try MainActor.assumeIsolated { () throws -> Int32 in
            let session = try AppSession(scene: WindowGroup { Animated() }, options: options)
            XCTAssertEqual(session.host.size, ScanoutUI.CGSize(width: 32, height: 64), "rotated: the app is 32x64")
            XCTAssertEqual(session.host.environment.displayRotation, 90)
            return session.run()
        }
        XCTAssertEqual(status, 0)
        // A 64x32 P6 file.
        guard let f = fopen(path, "r") else { return XCTFail("no snapshot at \(path)") }
        defer { fclose(f) }
        var header = [UInt8](repeating: 0, count: 11)
        XCTAssertEqual(fread(&header, 1, 11, f), 11)
        XCTAssertEqual(String(decoding: header, as: UTF8.self), "P6\n64 32\n25")
    }

    /// `--snapshot-every N`: every N-th committed frame is written, numbered, besides the last one.
    func testEveryNthCommittedFrameIsWrittenNumbered() throws {
        let base = "/tmp/scanout-every-\(getpid())"
        var options = PlatformOptions()
        options.backend = .headless
        options.frames = 8
        options.snapshotPath = base + ".ppm"
        options.snapshotEvery = 3
        options.headlessWidth = 80
        options.headlessHeight = 20
        let committed = try committedFrames(of: { Sliding(duration: 1) }, options: options)
        XCTAssertGreaterThanOrEqual(committed, 6, "the slide commits a frame per refresh")
        func exists(_ n: Int) -> Bool { access(options.numberedSnapshotPath(frame: n)!, F_OK) == 0 }
        for n in 1...committed + 3 {
            XCTAssertEqual(exists(n), n % 3 == 0 && n <= committed, "frame \(n) of \(committed)")
            unlink(options.numberedSnapshotPath(frame: n)!)
        }
        XCTAssertEqual(access(base + ".ppm", F_OK), 0, "the last frame as well")
        unlink(base + ".ppm")
    }

    func testNumberedSnapshotNamesAndTheirOption() throws {
        var o = PlatformOptions()
        o.snapshotPath = "out/demo.png"
        XCTAssertEqual(o.numberedSnapshotPath(frame: 42), "out/demo-00042.png")
        o.snapshotPath = "out.d/frame"
        XCTAssertEqual(o.numberedSnapshotPath(frame: 7), "out.d/frame-00007")
        XCTAssertThrowsError(try PlatformOptions.parse(arguments: ["--snapshot-every", "5"], environment: { _ in nil })) { error in
            XCTAssertTrue("\(error)".contains("--snapshot PATH"), "\(error)")
        }
        let parsed = try PlatformOptions.parse(arguments: ["--snapshot", "a.png"], environment: {
            $0 == "SCANOUT_SNAPSHOT_EVERY" ? "10" : nil
        })
        XCTAssertEqual(parsed.snapshotEvery, 10)
    }

    /// An animation runs one frame per refresh of the display clock, then the frames stop.
    func testAnimationFramesFollowTheDisplayClock() throws {
        var options = PlatformOptions()
        options.backend = .headless
        options.frames = 30
        options.headlessWidth = 64
        options.headlessHeight = 32
        let committed = try committedFrames(of: { Sliding() }, options: options)
        // 0.1 s at 60 Hz: about 6 frames of movement after the first, then nothing more in 30 frames.
        XCTAssertGreaterThanOrEqual(committed, 6)
        XCTAssertLessThanOrEqual(committed, 10)
    }
}

/// The runner tells systemd (a datagram socket standing in for its notify socket) that the panel is up only
/// once the first frame is on screen, and that it is stopping on the way out.
final class AppServiceNotificationTests: XCTestCase, @unchecked Sendable {
    struct Panel: View {
        var body: some View { Text("Ready?") }
    }

    /// Runs a headless session of `frames` simulated frames with $NOTIFY_SOCKET pointing at a bound
    /// abstract datagram socket; returns the messages it received, in order.
    private func messages(afterFrames frames: Int) throws -> [String] {
        let name = "@scanout-app-notify-\(getpid())-\(frames)"
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(name.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { p in
            for (i, b) in bytes.enumerated() { p[i] = b }
            p[0] = 0  // abstract
        }
        let length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \sockaddr_un.sun_path)! + bytes.count)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        XCTAssertEqual(bound, 0)

        var options = PlatformOptions()
        options.backend = .headless
        options.frames = frames
        options.headlessWidth = 64
        options.headlessHeight = 32
        let status = try MainActor.assumeIsolated { () throws -> Int32 in
            let session = try AppSession(scene: WindowGroup { Panel() }, options: options,
                                         processEnvironment: { $0 == "NOTIFY_SOCKET" ? name : nil })
            return session.run()
        }
        XCTAssertEqual(status, 0)
        var received: [String] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while case let n = recv(fd, &buffer, buffer.count, 0), n > 0 {
            received.append(String(decoding: buffer[0..<n], as: UTF8.self))
        }
        return received
    }

    func testReadyFollowsTheFirstFrameOnScreen() throws {
        let received = try messages(afterFrames: 3)
        XCTAssertEqual(received.count, 3, "\(received)")
        guard received.count == 3 else { return }
        XCTAssertEqual(received[0], "STATUS=starting on headless 64x32@60.0Hz")
        XCTAssertTrue(received[1].hasPrefix("READY=1\nSTATUS=showing the app on headless"), received[1])
        XCTAssertTrue(received[2].hasPrefix("STOPPING=1\n"), received[2])
    }

    func testNoFrameOnScreenMeansNoReady() throws {
        // Zero frames: the session starts and stops without a frame reaching the screen.
        let received = try messages(afterFrames: 0)
        XCTAssertFalse(received.contains { $0.contains("READY=1") }, "\(received)")
        XCTAssertEqual(received.last.map { $0.hasPrefix("STOPPING=1\n") }, true, "\(received)")
    }
}
