// scanout-demo: the kiosk panel, as an ordinary SwiftUI-style app. It runs on the display Scanout finds
// (KMS/DRM, else headless with a notice); `--help` lists the options, e.g.
//
//   scanout-demo --backend headless --frames 3 --snapshot out/demo.png
//   scanout-demo --backend drm --rotation 90
import ScanoutUI

@main
struct DemoApp: App {
    var body: some Scene {
        WindowGroup { DemoPanel() }
    }
}
