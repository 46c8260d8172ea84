import Testing
@testable import ScanoutText

/// fontconfig, FriBidi and libthai are loaded at their first use, not linked: their functions go through the
/// loaded library, and a board without one gets an error naming its package.
@Suite struct DynamicLibraryTests {
    private func expectMissing(_ soname: String, package: String, _ load: () throws(DynamicLibrary.LoadError) -> Void) {
        do {
            try load()
            Issue.record("loading \(soname), which is not there, succeeded")
        } catch {
            #expect(error.reason.contains(soname), "\(error.reason)")
            #expect(error.reason.contains("install \(package)"), "\(error.reason)")
        }
    }

    @Test func aMissingLibraryIsAClearError() {
        expectMissing("libfontconfig-not-installed.so.1", package: "libfontconfig1") { () throws(DynamicLibrary.LoadError) in
            _ = try FontconfigLibrary(soname: "libfontconfig-not-installed.so.1")
        }
        expectMissing("libfribidi-not-installed.so.0", package: "libfribidi0") { () throws(DynamicLibrary.LoadError) in
            _ = try FriBidiLibrary(soname: "libfribidi-not-installed.so.0")
        }
        expectMissing("libthai-not-installed.so.0", package: "libthai0") { () throws(DynamicLibrary.LoadError) in
            _ = try ThaiLibrary(soname: "libthai-not-installed.so.0")
        }
    }

    @Test func aLibraryWithoutAFunctionIsAClearError() throws {
        let fribidi = try DynamicLibrary(FriBidiLibrary.soname, package: "libfribidi0")
        do {
            let _: @convention(c) () -> Void = try fribidi.function("fribidi_no_such_function")
            Issue.record("a function that is not there was found")
        } catch {
            #expect(error.reason.contains("fribidi_no_such_function"), "\(error.reason)")
        }
    }

    @Test func lookupsGoThroughTheLoadedLibraries() throws {
        #expect(FontconfigLibrary.shared != nil, "\(FontconfigLibrary.loadError ?? "")")
        #expect(FontconfigLibrary.loadError == nil)
        let bold = try #require(FontLookup.face(family: "DejaVu Sans", weight: 700, italic: false))
        #expect(bold.path.hasSuffix("DejaVuSans-Bold.ttf"), "\(bold.path)")
        #expect(!bold.isItalic)
        #expect(FontLookup.face(family: "No Such Family Anywhere", weight: 400, italic: false) == nil)
        // Hebrew in a left-to-right paragraph: its letters at level 1, the Latin around them at 0.
        #expect(FriBidiLibrary.shared != nil)
        #expect(BidiLevels.levels(of: Array("ab \u{05D0}\u{05D1} cd".unicodeScalars.map(\.value))) == [0, 0, 0, 1, 1, 0, 0, 0])
        #expect(ThaiLibrary.shared != nil)
    }
}
