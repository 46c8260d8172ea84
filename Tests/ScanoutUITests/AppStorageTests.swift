import Foundation
import Testing
import ScanoutUI
import ScanoutTesting

/// `@AppStorage`: values survive a restart (a new store and TestHost over the same folder), writes are
/// atomic whatever step a power cut interrupts, a damaged file is set aside.
@Suite @MainActor struct AppStorageTests {
    private static func temporaryFolder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scanout-appstorage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    enum Units: String { case celsius, fahrenheit }

    private struct Settings: View {
        @AppStorage("volume") var volume = 5
        @AppStorage("units") var units = Units.celsius
        @AppStorage("name") var name: String?
        var body: some View {
            VStack {
                Stepper("volume \(volume)", value: $volume, in: 0...10)
                Button("Fahrenheit") { units = .fahrenheit; name = "hall = 1\nsecond line" }
                Text("units \(units.rawValue)")
                Text("name \(name?.count ?? -1)")
            }
        }
    }

    @Test func valuesSurviveARestartOverTheSameFolder() async throws {
        let folder = try Self.temporaryFolder() + "/nested/state"  // created on first write
        do {
            let store = AppStorageStore(directory: folder)
            let host = TestHost(rootView: Settings().defaultAppStorage(store), width: 300, height: 200)
            host.runFrame()
            #expect(host.contains(text: "volume 5") && host.contains(text: "units celsius") && host.contains(text: "name -1"))
            let row = try #require(host.frame(ofText: "volume 5"))
            host.tap(x: 300 - 26, y: row.midY)
            host.tap(text: "Fahrenheit")
            #expect(host.contains(text: "volume 6") && host.contains(text: "units fahrenheit") && host.contains(text: "name 20"))
            await host.runMainActorJobs()  // the write happens at the end of the turn
        }
        #expect(FileManager.default.fileExists(atPath: folder + "/app-storage"))
        let restarted = TestHost(rootView: Settings().defaultAppStorage(AppStorageStore(directory: folder)), width: 300, height: 200)
        restarted.runFrame()
        #expect(restarted.contains(text: "volume 6") && restarted.contains(text: "units fahrenheit") && restarted.contains(text: "name 20"),
                "\(restarted.visibleTexts)")
    }

    /// What a reader sees after a power cut during the write, at every step.
    @Test func aPowerCutAtAnyStepLeavesTheOldOrTheNewValue() throws {
        let steps = ["open", "half-write", "write", "fsync", "close", "rename", "fsync-dir"]
        for (index, step) in steps.enumerated() {
            let folder = try Self.temporaryFolder()
            let first = AppStorageStore(directory: folder)
            AppStorage<Int>(wrappedValue: 0, "count", store: first).wrappedValue = 1
            #expect(first.flush())

            // The power goes at `step`: it and every later system call do nothing.
            let system = AppStorageFileSystem.system
            let cut = index
            let cutting = AppStorageFileSystem(
                open: { cut > 0 ? system.open($0) : -1 },
                write: { fd, bytes in
                    if cut == 1 { _ = system.write(fd, UnsafeRawBufferPointer(rebasing: bytes[0..<bytes.count / 2])); return false }
                    return cut > 2 ? system.write(fd, bytes) : false
                },
                fsync: { cut > 3 ? system.fsync($0) : false },
                close: { fd in _ = system.close(fd); return cut > 4 },  // the descriptor goes with the process anyway
                rename: { cut > 5 ? system.rename($0, $1) : false },
                syncDirectory: { _ in false })
            let second = AppStorageStore(directory: folder)
            second.fileSystem = cutting
            AppStorage<Int>(wrappedValue: 0, "count", store: second).wrappedValue = 2
            #expect(!second.flush(), "\(step)")
            #expect(second.warnings.count == 1, "\(step): \(second.warnings)")

            let after = AppStorageStore(directory: folder)
            let value = AppStorage<Int>(wrappedValue: 0, "count", store: after).wrappedValue
            #expect(value == (step == "fsync-dir" ? 2 : 1), "\(step)")
            #expect(after.warnings.isEmpty, "\(step): \(after.warnings)")
        }
    }

    @Test func aDamagedFileIsSetAsideAndTheDefaultsUsed() throws {
        let folder = try Self.temporaryFolder()
        let store = AppStorageStore(directory: folder)
        AppStorage<Int>(wrappedValue: 0, "count", store: store).wrappedValue = 7
        AppStorage<Double>(wrappedValue: 0, "ratio", store: store).wrappedValue = 0.1
        #expect(store.flush())
        let file = folder + "/app-storage"
        let good = try String(contentsOfFile: file, encoding: .utf8)
        #expect(AppStorage<Double>(wrappedValue: 0, "ratio", store: AppStorageStore(directory: folder)).wrappedValue == 0.1)

        // Cut short (the medium lost its tail).
        try String(good.dropLast(6)).write(toFile: file, atomically: false, encoding: .utf8)
        let damaged = AppStorageStore(directory: folder)
        #expect(AppStorage<Int>(wrappedValue: 3, "count", store: damaged).wrappedValue == 3)
        #expect(damaged.warnings.count == 1 && damaged.warnings[0].contains("set aside"), "\(damaged.warnings)")
        #expect(FileManager.default.fileExists(atPath: file + ".corrupt"))
        #expect(!FileManager.default.fileExists(atPath: file))
        // Writing again makes a good file.
        AppStorage<Int>(wrappedValue: 3, "count", store: damaged).wrappedValue = 4
        #expect(damaged.flush())
        #expect(AppStorage<Int>(wrappedValue: 0, "count", store: AppStorageStore(directory: folder)).wrappedValue == 4)
    }

    @Test func anUnwritableFolderKeepsValuesInMemoryAndSaysSo() throws {
        let store = AppStorageStore(directory: "/proc/scanout-no-such-folder")
        let count = AppStorage<Int>(wrappedValue: 0, "count", store: store)
        count.wrappedValue = 5
        #expect(!store.flush())
        #expect(count.wrappedValue == 5)
        #expect(store.warnings.count == 1 && store.warnings[0].contains("/proc/scanout-no-such-folder"))
    }

    private struct Two: View {
        @AppStorage("a") var a = 0
        let onBody: () -> Void
        var body: some View {
            onBody()
            return Text("a \(a)")
        }
    }

    @Test func aViewRerunsOnlyForTheKeysItRead() throws {
        let folder = try Self.temporaryFolder()
        let store = AppStorageStore(directory: folder)
        var runs = 0
        let host = TestHost(rootView: Two { runs += 1 }.defaultAppStorage(store), width: 100, height: 40)
        host.runFrame()
        let before = runs
        AppStorage<Int>(wrappedValue: 0, "b", store: store).wrappedValue = 1
        host.runFrame()
        #expect(runs == before)
        AppStorage<Int>(wrappedValue: 0, "a", store: store).wrappedValue = 9
        host.runFrame()
        #expect(runs == before + 1 && host.contains(text: "a 9"))
    }
}
