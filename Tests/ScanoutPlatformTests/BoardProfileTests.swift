import Foundation
import ScanoutRaster
import XCTest
@testable import ScanoutPlatform

/// Board profiles: the file format, checked values, warnings, the search order and the precedence
/// flag > environment > profile > default.
final class BoardProfileTests: XCTestCase, @unchecked Sendable {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("scanout-boards-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    @discardableResult
    func write(_ text: String, name: String, in dir: URL? = nil) throws -> String {
        let folder = dir ?? directory!
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func parse(_ args: [String], _ env: [String: String] = [:], exe: String? = nil) throws -> PlatformOptions {
        try PlatformOptions.parse(arguments: args, environment: { env[$0] }, executablePath: exe)
    }

    func testAGoodProfileSetsEverySetting() throws {
        let text = """
            # a panel
            name = Test panel (DSI)   # shown in the log
            triple = aarch64-unknown-linux-gnu

            backend = drm
            card = card1
            connector = DSI-1
            mode = 800x480@60
            rotation = 270
            calibration = 0 1 0 -1 0 1
            format = rgb565
            buffers = 3
            scale = 1.5
            fbdev = /dev/fb1
            headless-size = 480x272
            blank-after = 300
            """
        let profile = try BoardProfile.parse(text, path: "test.board")
        XCTAssertEqual(profile.name, "Test panel (DSI)")
        XCTAssertEqual(profile.triple, "aarch64-unknown-linux-gnu")
        XCTAssertEqual(profile.warnings, [])
        XCTAssertEqual(profile.entries.first?.line, 5, "lines count from 1, comments and blank lines included")
        var o = PlatformOptions()
        try profile.apply(to: &o)
        XCTAssertEqual(o.backend, .drm)
        XCTAssertEqual(o.drmCard, "/dev/dri/card1", "a bare card name is the node in /dev/dri")
        XCTAssertEqual(o.drmConnector, "DSI-1")
        XCTAssertEqual(o.mode, DisplayModeRequest(width: 800, height: 480, refreshRate: 60))
        XCTAssertEqual(o.rotation, .degrees270)
        XCTAssertEqual(o.calibration, TouchCalibration(a: 0, b: 1, c: 0, d: -1, e: 0, f: 1))
        XCTAssertEqual(o.format, .rgb565)
        XCTAssertEqual(o.buffers, 3)
        XCTAssertEqual(o.scale, 1.5)
        XCTAssertEqual(o.fbdevPath, "/dev/fb1")
        XCTAssertEqual(o.headlessWidth, 480)
        XCTAssertEqual(o.headlessHeight, 272)
        XCTAssertEqual(o.blankAfter, 300)
        XCTAssertEqual(o.board?.path, "test.board")
    }

    func testBadValuesNameFileLineKeyAndAcceptedValues() {
        let cases: [(line: String, key: String, accepted: String)] = [
            ("rotation = 45", "rotation", "0, 90, 180 or 270"),
            ("format = bgr888", "format", "xrgb8888 or rgb565"),
            ("backend = x11", "backend", "drm, fbdev, headless or window"),
            ("buffers = 4", "buffers", "2 or 3"),
            ("mode = 1280by800", "mode", "WIDTHxHEIGHT"),
            ("calibration = 1 0 0", "calibration", "six numbers"),
            ("scale = -1", "scale", "positive scale"),
            ("headless-size = 0x480", "headless-size", "WIDTHxHEIGHT"),
            ("fbdev = fb0", "fbdev", "a device path"),
        ]
        for c in cases {
            let text = "name = x\n# comment\n\(c.line)\n"
            XCTAssertThrowsError(try BoardProfile.parse(text, path: "boards/p.board")) { error in
                let message = "\(error)"
                XCTAssertTrue(message.hasPrefix("boards/p.board:3: \(c.key) = "), message)
                XCTAssertTrue(message.contains(c.accepted), message)
            }
        }
        XCTAssertThrowsError(try BoardProfile.parse("rotation 90\n", path: "p.board")) { error in
            XCTAssertEqual("\(error)", "p.board:1: expected `key = value`, found \"rotation 90\"")
        }
    }

    func testUnknownAndRepeatedKeysWarnWithFileAndLine() throws {
        let profile = try BoardProfile.parse("backend = drm\nbacklight = 50\nbackend = headless\n", path: "p.board")
        XCTAssertEqual(profile.warnings.count, 2)
        XCTAssertTrue(profile.warnings[0].hasPrefix("p.board:2: unknown key backlight"), profile.warnings[0])
        XCTAssertTrue(profile.warnings[1].hasPrefix("p.board:3: backend is set again"), profile.warnings[1])
        var o = PlatformOptions()
        try profile.apply(to: &o)
        XCTAssertEqual(o.backend, .headless, "the later line wins")
        XCTAssertEqual(o.warnings, profile.warnings, "the warnings reach the app, which prints them")
    }

    func testPrecedenceFlagOverEnvironmentOverProfileOverDefault() throws {
        try write("rotation = 90\nformat = rgb565\nconnector = DSI-1\nheadless-size = 480x272\n", name: "panel.board")
        let env = ["SCANOUT_BOARDS_DIR": directory.path]
        let profileOnly = try parse(["--board", "panel"], env)
        XCTAssertEqual(profileOnly.rotation, .degrees90)
        XCTAssertEqual(profileOnly.format, .rgb565)
        XCTAssertEqual(profileOnly.drmConnector, "DSI-1")
        XCTAssertEqual(profileOnly.scale, 1, "what the profile leaves out keeps its default")

        var withEnv = env
        withEnv["SCANOUT_ROTATION"] = "180"
        withEnv["SCANOUT_BOARD"] = "panel"
        let envOverProfile = try parse([], withEnv)
        XCTAssertEqual(envOverProfile.rotation, .degrees180, "the variable wins over the profile")
        XCTAssertEqual(envOverProfile.format, .rgb565)

        let flagOverAll = try parse(["--rotation", "270", "--format=xrgb8888"], withEnv)
        XCTAssertEqual(flagOverAll.rotation, .degrees270, "the flag wins over the variable and the profile")
        XCTAssertEqual(flagOverAll.format, .xrgb8888)
        XCTAssertEqual(flagOverAll.headlessWidth, 480)

        try write("rotation = 180\n", name: "other.board")
        let flagBoard = try parse(["--board", "other"], withEnv)
        XCTAssertEqual(flagBoard.board?.path, directory.appendingPathComponent("other.board").path,
                       "--board wins over SCANOUT_BOARD")
        XCTAssertEqual(flagBoard.format, .xrgb8888, "nothing of the profile SCANOUT_BOARD names is applied")
    }

    func testBadValueInTheProfileFailsTheParse() throws {
        let path = try write("name = bad\nrotation = 45\n", name: "bad.board")
        XCTAssertThrowsError(try parse(["--board", path])) { error in
            XCTAssertEqual("\(error)", "\(path):2: rotation = 45 is not valid: expected 0, 90, 180 or 270")
        }
    }

    func testSearchOrder() throws {
        let exeDir = directory.appendingPathComponent("prefix/bin")
        let exe = exeDir.appendingPathComponent("app").path
        let shared = directory.appendingPathComponent("prefix/share/scanout/boards")
        let custom = directory.appendingPathComponent("custom")
        try FileManager.default.createDirectory(at: exeDir, withIntermediateDirectories: true)  // `..` needs it
        let env = ["SCANOUT_BOARDS_DIR": custom.path]
        XCTAssertEqual(BoardProfile.searchDirectories(environment: { env[$0] }, executablePath: exe),
                       [custom.path, exeDir.path + "/../share/scanout/boards", "/etc/scanout/boards", "./boards"])

        try write("rotation = 90\n", name: "p.board", in: shared)
        XCTAssertEqual(try parse(["--board", "p"], env, exe: exe).rotation, .degrees90,
                       "found beside the executable when SCANOUT_BOARDS_DIR does not have it")
        try write("rotation = 180\n", name: "p.board", in: custom)
        XCTAssertEqual(try parse(["--board", "p"], env, exe: exe).rotation, .degrees180, "SCANOUT_BOARDS_DIR comes first")

        XCTAssertThrowsError(try parse(["--board", "nowhere"], env, exe: exe)) { error in
            let message = "\(error)"
            for place in [custom.path + "/nowhere.board", "/etc/scanout/boards/nowhere.board", "./boards/nowhere.board"] {
                XCTAssertTrue(message.contains(place), message)
            }
        }
        XCTAssertThrowsError(try parse(["--board", directory.appendingPathComponent("missing.board").path])) { error in
            XCTAssertTrue("\(error)".contains("missing.board"), "\(error)")
        }
    }

    /// The profiles in boards/ load with no error and no warning, and say what they are.
    func testShippedProfilesLoad() throws {
        let boards = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("boards")
        let names = try FileManager.default.contentsOfDirectory(atPath: boards.path).filter { $0.hasSuffix(".board") }.sorted()
        XCTAssertEqual(names, ["generic-aarch64.board", "qemu-aarch64.board", "qemu-x86_64-rot90.board", "qemu-x86_64.board",
                               "rpi4.board", "rpi5.board"])
        for name in names {
            let profile = try BoardProfile.load(path: boards.appendingPathComponent(name).path)
            XCTAssertEqual(profile.warnings, [], name)
            XCTAssertNotNil(profile.name, name)
            XCTAssertNotNil(profile.triple, name)
        }
        var rot90 = PlatformOptions()
        try BoardProfile.load(path: boards.appendingPathComponent("qemu-x86_64-rot90.board").path).apply(to: &rot90)
        XCTAssertEqual(rot90.rotation, .degrees90)
        XCTAssertEqual(rot90.drmConnector, "Virtual-1")
        XCTAssertEqual(rot90.mode, DisplayModeRequest(width: 1280, height: 800))
    }

    func testModeRequestPicksAMatchingMode() {
        typealias M = (w: Int, h: Int, hz: Double, preferred: Bool)
        let modes: [M] = [(1920, 1080, 60, true), (1280, 800, 59.94, false), (1280, 800, 75, false), (1280, 800, 50, false)]
        func pick(_ text: String) -> M? {
            DisplayModeRequest(parsing: text)!.select(from: modes, width: \.w, height: \.h, refreshRate: \.hz, isPreferred: \.preferred)
        }
        XCTAssertEqual(pick("1280x800@60")?.hz, 59.94, "60 takes 59.94")
        XCTAssertEqual(pick("1280x800@50")?.hz, 50)
        XCTAssertNil(pick("1280x800@30"))
        XCTAssertEqual(pick("1280x800")?.hz, 75, "without a rate: the fastest of that size when none is preferred")
        XCTAssertEqual(pick("1920x1080")?.hz, 60)
        XCTAssertNil(pick("1024x768"))
        XCTAssertNil(DisplayModeRequest(parsing: "1280x800@"))
        XCTAssertNil(DisplayModeRequest(parsing: "1280x800@60@60"))
    }
}
