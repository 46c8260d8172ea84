import Foundation
import ScanoutTesting
import Testing
import ScanoutUI

/// Colour emoji in text at three sizes, beside the text they sit in (Noto Color Emoji; scripts/test installs
/// fonts-noto-color-emoji). Looked at: in colour whatever the text's colour, sized with the text, sequences
/// (family, flags, skin tone) as one picture each, ❤ without U+FE0F in the text's colour.
@MainActor
struct EmojiGoldenTests {
    @Test func emojiAtThreeSizes() throws {
        guard FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf") else {
            Issue.record("Noto Color Emoji is missing: run scripts/setup fonts-noto-color-emoji")
            return
        }
        let host = TestHost(rootView: VStack(alignment: .leading, spacing: 10) {
            Text("Line OK ✅ 😀 👍🏽 🇩🇪 🇯🇵 ❤️ ❤").font(.system(size: 12))
            Text("Line OK ✅ 😀 👍🏽 🇩🇪 👨‍👩‍👧 ❤️ ❤").font(.system(size: 24)).foregroundColor(.blue)
            Text("🌡️ 21° 🔥 🚀").font(.system(size: 48))
        }.padding(16).frame(width: 480, height: 200, alignment: .topLeading), width: 480, height: 200)
        host.runFrame()
        expectGolden(host, named: "text-emoji")
    }
}
