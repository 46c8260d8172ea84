// `import SwiftUI` brings Foundation's value types along, so SwiftUI code uses `Date`, `UUID`, `URL`, `Data`,
// `JSONEncoder`/`JSONDecoder`, `Calendar`, `Locale` … without importing Foundation. `import ScanoutUI` does the
// same with FoundationEssentials, the part of Foundation without ICU's data: measured in the stripped static
// aarch64 demo (2026-11-24), re-exporting it costs nothing until an app uses it, and an app using
// JSONEncoder/Decoder, UUID, Date and URL grows 8.6 → 14.2 MB; full Foundation would make it 57.1 MB.
// (FoundationEssentials has no IndexSet, UserDefaults or CGFloat: Scanout declares what SwiftUI code needs.)
@_exported import FoundationEssentials
// Foundation brings Dispatch too (`DispatchQueue.main.asyncAfter`, `receive(on: DispatchQueue.main)` in SwiftUI
// code); libdispatch is linked already (Swift's concurrency runs on it), so re-exporting it costs nothing.
@_exported import Dispatch
