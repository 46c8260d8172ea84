import Dispatch
import Foundation
import Testing
@testable import ScanoutPlatform

/// `ProcessThread.isMain` answers for the thread asking, found once per thread and then remembered: whether
/// that thread is the process's first (its thread id is the process id, as the kernel tells in
/// /proc/thread-self), every time it is asked.
struct ProcessThreadTests {
    /// The kernel's answer for the calling thread: /proc/thread-self links to "PID/task/TID".
    static func isFirstThread() -> Bool? {
        guard let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self") else { return nil }
        let parts = link.split(separator: "/")
        guard parts.count == 3, parts[1] == "task" else { return nil }
        return parts[0] == parts[2]
    }

    /// `ProcessThread.isMain` asked three times on the calling thread, and the kernel's answer.
    static func answers() -> [Bool?] { [ProcessThread.isMain, ProcessThread.isMain, ProcessThread.isMain, isFirstThread()] }

    @Test func eachThreadIsToldWhatTheKernelSaysEveryTime() async {
        // The main queue's thread (Swift Testing runs it off the first thread: that one waits in dispatch_main),
        // a thread started here, and the test's own.
        let onMainQueue = await withCheckedContinuation { done in DispatchQueue.main.async { done.resume(returning: Self.answers()) } }
        let onNewThread = await withCheckedContinuation { done in Thread { done.resume(returning: Self.answers()) }.start() }
        for answers in [onMainQueue, onNewThread, Self.answers()] {
            let kernel = answers[3]
            #expect(kernel != nil, "/proc/thread-self is readable")
            #expect(answers[0..<3].allSatisfy { $0 == kernel }, "\(answers)")
        }
        #expect(onNewThread[0] == false, "a thread started by the process is never its first")
    }
}
