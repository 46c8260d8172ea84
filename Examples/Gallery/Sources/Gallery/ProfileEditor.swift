import ScanoutUI

struct Profile {
    var username: String
    var prefersNotifications = true
    var seasonalPhoto = Season.winter
    var goalSteps = 8000

    static let `default` = Profile(username: "g_kumar")

    enum Season: String, CaseIterable, Identifiable {
        case spring = "🌷"
        case summer = "🌞"
        case autumn = "🍂"
        case winter = "☃️"

        var id: String { rawValue }
    }
}

struct ProfileEditor: View {
    @State private var profile = Profile.default

    var body: some View {
        Form {
            Section {
                LabeledContent("Username", value: profile.username)
                Toggle(isOn: $profile.prefersNotifications) {
                    Text("Enable Notifications")
                }
            }
            Section("Goals") {
                Stepper("Daily steps: \(profile.goalSteps)", value: $profile.goalSteps, in: 1000...30000, step: 500)
                Picker("Seasonal Photo", selection: $profile.seasonalPhoto) {
                    ForEach(Profile.Season.allCases) { season in
                        Text(season.rawValue).tag(season)
                    }
                }
                .pickerStyle(.segmented)
            }
        }
    }
}

#Preview {
    ProfileEditor()
}
