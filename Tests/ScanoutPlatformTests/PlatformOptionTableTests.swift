import Testing
@testable import ScanoutPlatform

/// Options are declared once (`PlatformOptions.table`): help, board keys, parsing and errors come from it.
@Suite struct PlatformOptionTableTests {
    private func parse(_ args: [String], env: [String: String] = [:]) throws(PlatformError) -> PlatformOptions {
        try PlatformOptions.parse(arguments: args, environment: { env[$0] })
    }

    @Test func helpListsEveryFlagWithItsVariableAndEveryBoardKey() {
        let usage = PlatformOptions.usage
        for option in PlatformOptions.table {
            #expect(usage.contains(option.flag), "\(option.flag) missing from --help")
            #expect(usage.contains("[\(option.variable)]"), "\(option.variable) missing from --help")
            if let key = option.boardKey { #expect(usage.contains(key), "board key \(key) missing from --help") }
        }
        #expect(usage.contains("--help"))
    }

    @Test func flagsVariablesAndKeysAreUnique() {
        let flags = PlatformOptions.table.map(\.flag), variables = PlatformOptions.table.map(\.variable)
        let keys = PlatformOptions.table.compactMap(\.boardKey)
        #expect(Set(flags).count == flags.count)
        #expect(Set(variables).count == variables.count)
        #expect(Set(keys).count == keys.count)
    }

    @Test func everyBoardKeyIsAcceptedByAProfile() throws {
        // A value each setting accepts; the profile must know every key the table declares.
        let samples = ["backend": "headless", "rotation": "90", "headless-size": "320x240", "card": "card1",
                       "connector": "HDMI-A-1", "mode": "1280x800@60", "format": "rgb565", "buffers": "3",
                       "fbdev": "/dev/fb1", "calibration": "1 0 0 0 1 0", "scale": "2", "safe-area": "0 0 40 0", "blank-after": "30",
                       "appearance": "dark", "osk": "never", "xkb-layout": "de", "xkb-variant": "nodeadkeys",
                       "xkb-options": "compose:ralt", "zoom": "2", "locale": "de_DE",
                       "osk-layout": "de-DE"]
        for key in PlatformOptions.table.compactMap(\.boardKey) {
            let value = try #require(samples[key], "no sample value for the board key \(key)")
            let profile = try BoardProfile.parse("\(key) = \(value)\n", path: "t.board")
            #expect(profile.warnings.isEmpty, "\(key): \(profile.warnings)")
            #expect(profile.entries.count == 1)
        }
    }

    @Test func theOnScreenKeyboardLayoutIsOneOfTheKeyboards() throws {
        #expect(try parse([]).onScreenKeyboardLayout == nil, "from the locale")
        #expect(try parse(["--osk-layout", "fr-fr"]).onScreenKeyboardLayout == "fr-FR")
        #expect(try parse([], env: ["SCANOUT_OSK_LAYOUT": "ru-RU"]).onScreenKeyboardLayout == "ru-RU")
        #expect(throws: PlatformError.self) { try parse(["--osk-layout", "xx"]) }
    }

    @Test func traceTouchesIsAnOptionLikeTheOthers() throws {
        #expect(try parse([]).traceTouches == false)
        #expect(try parse([], env: ["SCANOUT_TRACE_TOUCHES": "1"]).traceTouches == true)
        #expect(try parse(["--trace-touches", "0"], env: ["SCANOUT_TRACE_TOUCHES": "1"]).traceTouches == false)
        #expect(throws: PlatformError.self) { try parse(["--trace-touches", "maybe"]) }
    }

    @Test func anOversizedSizeSaysTheLimit() {
        do {
            _ = try parse(["--size", "100000x100000"])
            Issue.record("accepted 100000x100000")
        } catch {
            #expect("\(error)".contains("16384"), "\(error)")
        }
    }

    @Test func anUnknownKeyWithControlBytesIsShownEscaped() throws {
        let profile = try BoardProfile.parse("ro\u{0}tat\u{1B}ion = 90\n", path: "t.board")
        let warning = try #require(profile.warnings.first)
        #expect(!warning.unicodeScalars.contains { $0.value < 0x20 }, "raw control bytes in \(warning)")
        #expect(warning.contains("\\u{0}") && warning.contains("\\u{1B}"))
    }
}
