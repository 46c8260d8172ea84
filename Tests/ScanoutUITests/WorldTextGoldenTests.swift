import Testing
import ScanoutUI

/// Text beyond Latin through the whole stack (Text → layout → shaping → glyph masks): a mixed Arabic/English
/// paragraph with numbers wrapped at three widths, Thai (broken between words) and Japanese (between
/// characters, not before closing punctuation) wrapped, Devanagari, Hebrew with points, and CJK labels
/// falling back from DejaVu Sans to Noto Sans CJK. Needs fonts-noto-core and fonts-noto-cjk (scripts/test
/// installs them).
@MainActor
struct WorldTextGoldenTests {
    struct Screen: View {
        let arabic = "درجة حرارة الفرن 215 درجة (Oven 3) والضغط 4.5 بار"
        var body: some View {
            VStack(alignment: .leading, spacing: 10) {
                HStack(alignment: .top, spacing: 16) {
                    Text(arabic).frame(width: 150, alignment: .leading)
                    Text(arabic).frame(width: 230, alignment: .leading)
                    Text(arabic).frame(width: 360, alignment: .leading)
                }
                HStack(alignment: .top, spacing: 16) {
                    Text("สวัสดีครับอุณหภูมิเตาอบกำลังสูงขึ้น 215 องศา ความดัน 4.5 บาร์").frame(width: 220, alignment: .leading)
                    Text("温度が上がりました。「注意」してください。圧力は正常です").frame(width: 200, alignment: .leading)
                }
                Text("तापमान २१५ डिग्री — क्षत्रिय")
                Text("שָׁלוֹם עוֹלָם — 42")
                Text("温度 25°C · 圧力 4.5 bar · 온도").font(.title)
                Text("مرحبا").font(.largeTitle)
            }
            .padding(16)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }

    @Test func goldens() {
        expectContainerGoldens("text-world-scripts", { Screen() })
    }
}
