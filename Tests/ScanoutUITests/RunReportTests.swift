import Testing
import Glibc
@testable import ScanoutUI
import ScanoutPlatform

/// What a run says about itself (issue 18's smaller items): a snapshot folder that cannot be written is an
/// error at start, not at exit; the frame count says what it counts.
@MainActor
struct RunReportTests {
    @Test func aSnapshotIntoAMissingFolderFailsAtStart() {
        var options = PlatformOptions()
        options.backend = .headless
        options.frames = 3
        options.snapshotPath = "/tmp/scanout-no-such-folder-\(getpid())/frame.png"
        #expect(throws: PlatformError.self) { try AppSession(scene: WindowGroup { Text("x") }, options: options) }
        do {
            try options.checkSnapshotFolder()
            Issue.record("a missing folder was accepted")
        } catch {
            #expect("\(error)".contains("/tmp/scanout-no-such-folder-\(getpid()) does not exist"))
        }
    }

    @Test func aSnapshotIntoAWritableFolderIsAccepted() throws {
        var options = PlatformOptions()
        options.snapshotPath = "/tmp/frame.png"
        try options.checkSnapshotFolder()
        options.snapshotPath = "frame.png"  // the working folder
        try options.checkSnapshotFolder()
    }

    @Test func theFrameCountSaysWhatItCounts() {
        #expect(AppSession.committedSummary(1, simulatedPeriods: 30)
                == "1 frame committed (frames whose pixels changed) in 30 refresh periods of simulated time")
        #expect(AppSession.committedSummary(240, simulatedPeriods: nil) == "240 frames committed (frames whose pixels changed)")
    }
}
