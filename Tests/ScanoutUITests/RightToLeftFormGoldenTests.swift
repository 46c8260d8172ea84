import Testing
import ScanoutUI

/// A settings form in Arabic laid out right to left: labels on the right, toggles and values on the left,
/// section headers and the navigation title at the leading (right) edge, a chevron flipped.
@MainActor
struct RightToLeftFormGoldenTests {
    struct Settings: View {
        @State var night = true
        @State var sound = false
        @State var brightness = 0.7
        var body: some View {
            NavigationStack {
                Form {
                    Section("العرض") {
                        Toggle("الوضع الليلي", isOn: $night)
                        LabeledContent("درجة الحرارة", value: "21°")
                        Slider(value: $brightness)
                    }
                    Section("الصوت") {
                        Toggle("التنبيهات", isOn: $sound)
                        HStack {
                            Text("اللغة")
                            Spacer()
                            Text("العربية").foregroundStyle(.secondary)
                            Image(systemName: "chevron.right").flipsForRightToLeftLayoutDirection(true)
                        }
                    }
                }
                .navigationTitle("الإعدادات")
            }
        }
    }

    @Test func goldens() {
        expectContainerGoldens("text-rtl-form", { Settings().environment(\.layoutDirection, .rightToLeft) })
    }
}
