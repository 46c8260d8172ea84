import Testing
import ScanoutUI
import ScanoutRender
import ScanoutTesting

/// Changes deep inside a tree of sections and rows (a row's text, rows inserted and removed, a section's title,
/// two rows of different sections in one frame) replace only their ranges of the frame's display list: each
/// frame drawn incrementally equals a full repaint, and the retained list equals a fresh recording (TestHost
/// checks that every frame).
@Suite @MainActor struct DeepRecordingEditsTests {
    @Observable final class Sheet {
        var sections: [[String]] = (0..<4).map { s in (0..<6).map { "Row \(s).\($0)" } }
        var titles = (0..<4).map { "Section \($0)" }
    }

    struct Row: View {
        let label: String
        var body: some View {
            HStack(spacing: 4) {
                Text(label)
                Spacer()
                Text("\(label.count)")
            }
            .padding(.horizontal, 4)
        }
    }

    struct Screen: View {
        let sheet: Sheet
        var body: some View {
            VStack(alignment: .leading, spacing: 0) {
                ForEach(sheet.sections.indices, id: \.self) { s in
                    VStack(alignment: .leading, spacing: 0) {
                        Text(sheet.titles[s]).bold()
                        ForEach(sheet.sections[s], id: \.self) { Row(label: $0) }
                    }
                    .padding(.vertical, 2)
                }
            }
        }
    }

    @Test func deepEditsEqualFullRepaints() {
        let sheet = Sheet()
        let host = TestHost(rootView: Screen(sheet: sheet), width: 240, height: 480)
        host.runFrame()
        let changes: [(String, () -> Void)] = [
            ("a row's text", { sheet.sections[1][3] = "Row 1.3 changed" }),
            ("a row inserted", { sheet.sections[2].insert("Row 2.new", at: 1) }),
            ("a row removed", { sheet.sections[0].remove(at: 2) }),
            ("a section's title", { sheet.titles[3] = "Section three" }),
            ("two sections at once", { sheet.sections[0][0] = "Row 0.0 again"; sheet.sections[3][5] = "Row 3.5 again" }),
            ("a section removed", { sheet.sections.remove(at: 1); sheet.titles.remove(at: 1) }),
            ("a row back", { sheet.sections[0].insert("Row 0.2", at: 2) }),
        ]
        for (what, change) in changes {
            change()
            host.runFrame()
            #expect(host.pixelsDifferingFromFullRepaint() == 0, "\(what)")
        }
        #expect(host.contains(text: "Row 1.3 changed") == false)  // its section went
        #expect(host.contains(text: "Row 2.new"))
        #expect(host.contains(text: "Section three"))
        #expect(host.contains(text: "Row 3.5 again"))
        #expect(host.contains(text: "Row 0.2"))
    }
}
