import CDRM
import ScanoutRaster
import XCTest
@testable import ScanoutPlatform

/// Options from flags and environment, the backend choice, and the DRM card/connector choice — on fakes.
final class BackendSelectionTests: XCTestCase {
    func parse(_ args: [String], _ env: [String: String] = [:]) throws -> PlatformOptions {
        try PlatformOptions.parse(arguments: args, environment: { env[$0] })
    }

    func testFlagsAndEnvironment() throws {
        let o = try parse(["--backend", "headless", "--rotation=90", "--frames", "3", "--snapshot", "out/x.png",
                           "--size", "1280x800", "--format", "rgb565", "--calibration", "0 1 0 -1 0 1", "--scale", "2"])
        XCTAssertEqual(o.backend, .headless)
        XCTAssertEqual(o.rotation, .degrees90)
        XCTAssertEqual(o.frames, 3)
        XCTAssertEqual(o.snapshotPath, "out/x.png")
        XCTAssertEqual(o.headlessWidth, 1280)
        XCTAssertEqual(o.headlessHeight, 800)
        XCTAssertEqual(o.format, .rgb565)
        XCTAssertEqual(o.calibration, TouchCalibration(a: 0, b: 1, c: 0, d: -1, e: 0, f: 1))
        XCTAssertEqual(o.scale, 2)

        let e = try parse([], ["SCANOUT_BACKEND": "drm", "SCANOUT_ROTATION": "270", "SCANOUT_DRM_CARD": "/dev/dri/card1",
                               "SCANOUT_DRM_CONNECTOR": "HDMI-A-1"])
        XCTAssertEqual(e.backend, .drm)
        XCTAssertEqual(e.rotation, .degrees270)
        XCTAssertEqual(e.drmCard, "/dev/dri/card1")
        XCTAssertEqual(e.drmConnector, "HDMI-A-1")

        let both = try parse(["--backend", "headless"], ["SCANOUT_BACKEND": "drm"])
        XCTAssertEqual(both.backend, .headless, "the flag wins over the environment")
        XCTAssertNil(try parse([]).backend, "automatic by default")
    }

    func testBadValuesNameTheOption() {
        for (args, env, mention) in [(["--rotation", "45"], [:], "--rotation"), (["--frames", "0"], [:], "--frames"),
                                     (["--bogus"], [:], "--bogus"), (["--size"], [:], "--size"),
                                     ([], ["SCANOUT_BACKEND": "x11"], "SCANOUT_BACKEND")] as [([String], [String: String], String)] {
            XCTAssertThrowsError(try parse(args, env)) { error in
                XCTAssertTrue("\(error)".contains(mention), "\(error)")
            }
        }
    }

    func testBackendChoice() throws {
        XCTAssertEqual(try BackendDecision.choose(requested: .headless, cardPaths: ["/dev/dri/card0"]).backend, .headless)
        XCTAssertEqual(try BackendDecision.choose(requested: .drm, cardPaths: []).backend, .drm,
                       "explicit DRM without a card fails later, at open, with the reason")
        let auto = try BackendDecision.choose(requested: nil, cardPaths: ["/dev/dri/card0"])
        XCTAssertEqual(auto, BackendDecision(backend: .drm))
        let fallback = try BackendDecision.choose(requested: nil, cardPaths: [])
        XCTAssertEqual(fallback.backend, .headless)
        XCTAssertNotNil(fallback.notice)
        XCTAssertFalse(fallback.notice!.contains("\n"), "a one-line notice")
        XCTAssertEqual(try BackendDecision.choose(requested: .fbdev, cardPaths: ["/dev/dri/card0"]).backend, .fbdev,
                       "fbdev is chosen only explicitly, even where DRM exists")
    }

    // MARK: DRM card and connector

    func connector(_ name: String, connected: Bool, modes: Int = 1) -> DRMConnector {
        var info = drmModeModeInfo()
        info.hdisplay = 1280
        info.vdisplay = 800
        return DRMConnector(id: 1, name: name, isConnected: connected, status: connected ? "connected" : "disconnected",
                            modes: Array(repeating: DRMMode(info: info), count: modes), encoderIDs: [], currentEncoderID: 0,
                            widthMillimetres: 0, heightMillimetres: 0)
    }

    func testPicksFirstCardWithAConnectedConnector() throws {
        let cards = [
            DRMCardFinder.Candidate(path: "/dev/dri/card0", connectors: .success([connector("HDMI-A-1", connected: false)])),
            DRMCardFinder.Candidate(path: "/dev/dri/card1", connectors: .success([connector("DSI-1", connected: true)])),
        ]
        let pick = try DRMCardFinder.choose(from: cards, connector: nil)
        XCTAssertEqual(pick.path, "/dev/dri/card1")
        XCTAssertEqual(pick.connector.name, "DSI-1")
    }

    func testErrorsNameWhatIsMissing() {
        XCTAssertThrowsError(try DRMCardFinder.choose(from: [], connector: nil)) { error in
            XCTAssertTrue("\(error)".contains("/dev/dri"), "\(error)")
        }
        let unplugged = [DRMCardFinder.Candidate(path: "/dev/dri/card0", connectors: .success([connector("HDMI-A-1", connected: false)]))]
        XCTAssertThrowsError(try DRMCardFinder.choose(from: unplugged, connector: nil)) { error in
            XCTAssertEqual(error as? PlatformError, .noConnectedConnector(card: "/dev/dri/card0", connectors: ["HDMI-A-1 (disconnected)"]))
        }
        XCTAssertThrowsError(try DRMCardFinder.choose(from: unplugged, connector: "DSI-1")) { error in
            XCTAssertTrue("\(error)".contains("HDMI-A-1"), "lists the connectors there are: \(error)")
        }
        let denied = [DRMCardFinder.Candidate(path: "/dev/dri/card0", connectors: .failure(.permissionDenied(device: "/dev/dri/card0", groups: ["video"])))]
        XCTAssertThrowsError(try DRMCardFinder.choose(from: denied, connector: nil)) { error in
            XCTAssertTrue("\(error)".contains("video"), "\(error)")
        }
    }

    func testNamedConnectorAndUnusableCardSkipped() throws {
        let cards = [
            DRMCardFinder.Candidate(path: "/dev/dri/card0", connectors: .failure(.permissionDenied(device: "/dev/dri/card0", groups: ["video"]))),
            DRMCardFinder.Candidate(path: "/dev/dri/card1", connectors: .success([connector("HDMI-A-1", connected: true),
                                                                                  connector("HDMI-A-2", connected: true)])),
        ]
        XCTAssertEqual(try DRMCardFinder.choose(from: cards, connector: "HDMI-A-2").connector.name, "HDMI-A-2")
        XCTAssertEqual(try DRMCardFinder.choose(from: cards, connector: nil).path, "/dev/dri/card1")
    }

    func testModeRefreshFromClockAndTotals() {
        var info = drmModeModeInfo()
        info.clock = 148_500  // 1080p60 CEA timing
        info.hdisplay = 1920
        info.vdisplay = 1080
        info.htotal = 2200
        info.vtotal = 1125
        info.vrefresh = 60
        XCTAssertEqual(DRMMode(info: info).refreshRate, 60, accuracy: 1e-9)
        info.clock = 148_352  // 59.94
        XCTAssertEqual(DRMMode(info: info).refreshRate, 59.94, accuracy: 0.001)
    }
}
