import Testing
@testable import ScanoutText

/// fontconfig is loaded at its first use, not linked: lookups go through the loaded library, and a board
/// without it gets an error naming the package.
@Suite struct FontconfigLibraryTests {
    @Test func aMissingLibfontconfigIsAClearError() {
        do {
            _ = try FontconfigLibrary(soname: "libfontconfig-not-installed.so.1")
            Issue.record("loading a library that is not there succeeded")
        } catch {
            #expect(error.reason.contains("libfontconfig-not-installed.so.1"), "\(error.reason)")
            #expect(error.reason.contains("install libfontconfig1"), "\(error.reason)")
        }
    }

    @Test func lookupsGoThroughTheLoadedLibrary() throws {
        #expect(FontconfigLibrary.shared != nil, "\(FontconfigLibrary.loadError ?? "")")
        #expect(FontconfigLibrary.loadError == nil)
        let bold = try #require(FontLookup.face(family: "DejaVu Sans", weight: 700, italic: false))
        #expect(bold.path.hasSuffix("DejaVuSans-Bold.ttf"), "\(bold.path)")
        #expect(!bold.isItalic)
        #expect(FontLookup.face(family: "No Such Family Anywhere", weight: 400, italic: false) == nil)
    }
}
