import Testing
import Glibc
@testable import ScanoutUI
import ScanoutPlatform

/// What a run says about itself (issue 18's smaller items): a snapshot folder that cannot be written is an
/// error at start, not at exit; the frame count says what it counts.
@MainActor
struct RunReportTests {
    /// The exit report's flip figures are running ones: constant space however long the kiosk flips (a list of
    /// flips grew by 8 bytes a flip, 800 kB by the 100,000th).
    @Test func flipIntervalsAreKeptAsRunningFigures() {
        var stats = IntervalStatistics()
        #expect(stats.count == 0 && stats.mean == 0)
        for v in [16.7, 13.3, .nan, 20.0, .infinity] { stats.add(v) }
        #expect(stats.count == 3)
        #expect(stats.minimum == 13.3 && stats.maximum == 20.0)
        #expect(abs(stats.mean - 50.0 / 3) < 1e-9)
        #expect(MemoryLayout<IntervalStatistics>.size <= 32)
    }

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
