// `import SwiftUI` brings the Observation framework along, so a model file that imports only SwiftUI can be
// `@Observable`; `import ScanoutUI` does the same.
@_exported import Observation
