import ScanoutRaster
import Testing
@testable import ScanoutPlatform

/// The desktop simulator's pieces that need no desktop: the mouse as fingers, SDL's keys as a board's
/// keyboard, the options, and the error when SDL is missing. (Tests/Simulator/run drives the window itself
/// under Xvfb.)
@Suite struct WindowBackendTests {
    @Test func theLeftButtonIsOneFingerWithID0() {
        var pointer = WindowPointer(panelWidth: 800, panelHeight: 480)
        #expect(pointer.moved(windowX: 10, y: 10, time: 1).isEmpty, "no finger while the button is up")
        let down = pointer.buttonDown(windowX: 100, y: 50, secondFinger: false, time: 2)
        #expect(down == [TouchEvent(phase: .down, id: 0, position: Point(x: 100.5, y: 50.5), time: 2)])
        let move = pointer.moved(windowX: 120, y: 60, time: 3)
        #expect(move == [TouchEvent(phase: .moved, id: 0, position: Point(x: 120.5, y: 60.5), time: 3)])
        #expect(pointer.moved(windowX: 120, y: 60, time: 4).isEmpty, "no move without motion")
        let up = pointer.buttonUp(windowX: 120, y: 60, time: 5)
        #expect(up == [TouchEvent(phase: .up, id: 0, position: Point(x: 120.5, y: 60.5), time: 5)])
        #expect(!pointer.isDown)
        #expect(pointer.buttonUp(windowX: 0, y: 0, time: 6).isEmpty)
    }

    @Test func ctrlAddsASecondFingerMirroredAroundTheCentre() {
        var pointer = WindowPointer(panelWidth: 800, panelHeight: 480)
        let down = pointer.buttonDown(windowX: 499, y: 239, secondFinger: true, time: 1)
        #expect(down.map(\.id) == [0, 1])
        #expect(down.map(\.phase) == [.down, .down])
        #expect(down[0].position == Point(x: 499.5, y: 239.5))
        #expect(down[1].position == Point(x: 300.5, y: 240.5))
        // Dragging away from the centre spreads the fingers (a pinch out), both moving.
        let move = pointer.moved(windowX: 599, y: 239, time: 2)
        #expect(move.map(\.id) == [0, 1])
        #expect(move[1].position == Point(x: 200.5, y: 240.5))
        let up = pointer.buttonUp(windowX: 599, y: 239, time: 3)
        #expect(up.map(\.phase) == [.up, .up])
        // The next press without Ctrl is one finger again.
        #expect(pointer.buttonDown(windowX: 1, y: 1, secondFinger: false, time: 4).count == 1)
        #expect(pointer.cancel(time: 5).map(\.phase) == [.cancelled])
    }

    @Test func zoomedWindowPixelsMapToPanelPixelsAndStayOnThePanel() {
        var pointer = WindowPointer(panelWidth: 320, panelHeight: 240, zoom: 2)
        let down = pointer.buttonDown(windowX: 201, y: 101, secondFinger: false, time: 1)
        #expect(down[0].position == Point(x: 100.75, y: 50.75))
        let outside = pointer.moved(windowX: -40, y: 900, time: 2)
        #expect(outside[0].position == Point(x: 0, y: 239.5), "a drag out of the window stays on the panel's edge")
    }

    @Test @MainActor func touchesLandWhereThePointerIsThroughRotationAndCalibration() throws {
        // A board with a rotated panel and a calibration matrix: the app maps each touch through both, and the
        // window must report the raw touch that lands under the pointer.
        let calibration = TouchCalibration(a: 0.9, b: 0, c: 0.05, d: 0, e: 1.1, f: -0.05)
        let transform = DisplayTransform(panelWidth: 800, panelHeight: 480, rotation: .degrees90, calibration: calibration, scale: 2)
        let input = WindowInput(pointer: WindowPointer(panelWidth: 800, panelHeight: 480), transform: transform)
        var requests = 0
        input.onInput = { requests += 1 }
        input.buttonDown(windowX: 600, y: 100, secondFinger: false)
        input.moved(windowX: 610, y: 120)
        #expect(requests == 1, "one frame request per batch")
        let events = input.takeEvents()
        #expect(events.count == 2)
        guard case .touch(let t) = events[0] else { Issue.record("not a touch: \(events[0])"); return }
        let landed = transform.logicalPoint(fromTouch: t.position)
        let underPointer = transform.logicalPoint(fromPanel: Point(x: 600.5, y: 100.5))
        #expect(abs(landed.x - underPointer.x) < 1e-9 && abs(landed.y - underPointer.y) < 1e-9)
        #expect(input.takeEvents().isEmpty)
    }

    @Test func sdlScancodesAreEvdevKeyCodes() {
        #expect(SDLScancode.evdevCode(4) == 30)    // A → KEY_A
        #expect(SDLScancode.evdevCode(29) == 44)   // Z → KEY_Z
        #expect(SDLScancode.evdevCode(30) == 2)    // 1 → KEY_1
        #expect(SDLScancode.evdevCode(39) == 11)   // 0 → KEY_0
        #expect(SDLScancode.evdevCode(40) == 28)   // Return → KEY_ENTER
        #expect(SDLScancode.evdevCode(42) == 14)   // Backspace
        #expect(SDLScancode.evdevCode(82) == 103)  // Up
        #expect(SDLScancode.evdevCode(225) == 42)  // Left Shift
        #expect(SDLScancode.evdevCode(228) == 97)  // Right Ctrl
        #expect(SDLScancode.evdevCode(0) == nil)
        #expect(SDLScancode.evdevCode(300) == nil)
    }

    @Test @MainActor func keysTypeThroughTheBoardKeyboardPath() {
        // "Hi!" typed on the window's keyboard: Shift+H, I, Shift+1, through the same translation as libinput's keys.
        let input = WindowInput(pointer: WindowPointer(panelWidth: 10, panelHeight: 10),
                                transform: DisplayTransform(panelWidth: 10, panelHeight: 10))
        for (scancode, pressed) in [(225, true), (11, true), (11, false), (225, false), (12, true), (12, false),
                                    (225, true), (30, true), (30, false), (225, false), (40, true)] as [(Int32, Bool)] {
            input.key(scancode: scancode, isPressed: pressed)
        }
        input.key(scancode: 0, isPressed: true)  // a key with no evdev code is left out
        var keyboard = KeyboardState()
        var text = "", returns = 0
        for event in input.takeEvents() {
            guard case .key(let k) = event, let stroke = keyboard.translate(k), stroke.isPressed else { continue }
            if stroke.symbol == .return { returns += 1 } else { text += stroke.text }
        }
        #expect(text == "Hi!")
        #expect(returns == 1)
    }

    @Test func windowBackendAndZoomOptions() throws {
        let flags = try PlatformOptions.parse(arguments: ["--backend", "window", "--zoom", "2"], environment: { _ in nil })
        #expect(flags.backend == .window)
        #expect(flags.windowZoom == 2)
        let env = ["SCANOUT_BACKEND": "window", "SCANOUT_ZOOM": "0.5"]
        let fromEnvironment = try PlatformOptions.parse(arguments: [], environment: { env[$0] })
        #expect(fromEnvironment.backend == .window)
        #expect(fromEnvironment.windowZoom == 0.5)
        let profile = try BoardProfile.parse("backend = window\nzoom = 3\n", path: "t.board")
        var options = PlatformOptions()
        try profile.apply(to: &options)
        #expect(options.backend == .window)
        #expect(options.windowZoom == 3)
        #expect(PlatformOptions().windowZoom == 1)
        #expect(throws: PlatformError.invalidOption(name: "--zoom", value: "0", expected: "a zoom from 0.25 to 8, e.g. 2 or 0.5")) {
            try PlatformOptions.parse(arguments: ["--zoom", "0"], environment: { _ in nil })
        }
    }

    @Test @MainActor func aMissingSDLIsAnErrorNamingThePackage() {
        do {
            _ = try SDLLibrary(soname: "libSDL2-not-installed.so.0")
            Issue.record("loading a library that does not exist succeeded")
        } catch {
            let message = "\(error)"
            #expect(message.contains("libSDL2-not-installed.so.0"))
            #expect(message.contains("apt install libsdl2-2.0-0"))
            #expect(message.contains("--backend headless"))
        }
    }
}
