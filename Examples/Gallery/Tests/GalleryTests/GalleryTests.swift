import Testing
import ScanoutTesting
import ScanoutUI
@testable import Gallery

/// Each screen, written as SwiftUI's documentation writes it, renders through TestHost and behaves as written.
@Suite @MainActor struct GalleryTests {
    private func show<V: View>(_ view: V, width: Int = 800, height: Int = 480) -> TestHost {
        let host = TestHost(rootView: view, width: width, height: height)
        host.runFrame()
        return host
    }

    @Test func theGalleryPushesAScreenAndComesBack() {
        let host = show(ContentView())
        #expect(host.contains(text: "Gallery"))
        host.tap(text: "Scoreboard")
        host.advance(seconds: 1)
        #expect(host.contains(text: "No points yet"))
        host.tap(text: "Gallery")  // the back button names the screen under it
        host.advance(seconds: 1)
        #expect(host.contains(text: "Landmarks"))
    }

    @Test func landmarksDecodeFromJSONFilterAndOpenTheirDetail() {
        let host = show(NavigationStack { LandmarkList() })
        #expect(host.contains(text: "Silver Salmon Creek"))
        // As on iOS, the switch toggles, not the row's label: it sits at the row's trailing end.
        let toggle = host.frame(ofText: "Favorites only")!
        host.tap(x: 800 - 50, y: Double(toggle.midY))
        #expect(!host.contains(text: "Silver Salmon Creek"))
        #expect(host.contains(text: "Turtle Rock"))
        host.tap(text: "Turtle Rock")
        host.advance(seconds: 1)
        #expect(host.contains(text: "About Turtle Rock"))
        #expect(host.contains(text: "Joshua Tree National Park"))
    }

    @Test func theProfileEditorSteps() {
        let host = show(ProfileEditor())
        #expect(host.contains(text: "Daily steps: 8000"))
        #expect(host.contains(text: "g_kumar"))
    }

    @Test func thePowerChartShowsItsLinesAndTheLimitFollowsTheToggle() {
        let host = show(PowerChart())
        #expect(host.contains(text: "Line A") && host.contains(text: "Line B") && host.contains(text: "kW"))
        func redPixels() -> Int {
            var count = 0
            for y in stride(from: 0, to: 480, by: 1) {
                for x in stride(from: 0, to: 800, by: 2) {
                    let p = host.pixel(x: x, y: y)
                    if p.red > 220 && p.green < 100 && p.blue < 100 { count += 1 }
                }
            }
            return count
        }
        #expect(redPixels() > 100)
        // The switch, at the row's trailing end (its label is not part of it, as on iOS).
        let label = host.frame(ofText: "Show limit")
        host.tap(x: 800 - 16 - 25.5, y: label?.midY ?? 0)
        host.runFrame()
        #expect(redPixels() == 0)
    }

    @Test func theScoreboardCountsAndRemembersTheLastPoint() {
        let host = show(Scoreboard())
        host.tap(text: "+3")
        #expect(host.contains(text: "Home +3"))
        #expect(host.contains(text: "3"))
    }

    @Test func settingsShowTheStoredVolume() {
        let host = show(SettingsScreen())
        #expect(host.contains(text: "Door chime"))
        #expect(host.contains(text: "Lobby panel"))
    }

    @Test func theShoppingListAddsTypedItemsAndTicksThemOff() {
        let host = show(ShoppingList())
        #expect(host.contains(text: "0 of 3 bought"))
        host.tap(text: "Milk")
        #expect(host.contains(text: "1 of 3 bought"))
        host.tap(text: "New item")
        host.type("Eggs\n")
        #expect(host.contains(text: "Eggs"))
        #expect(host.contains(text: "1 of 4 bought"))
    }

    @Test func theWeatherCardShowsItsReport() {
        let host = show(WeatherCard(report: .sample))
        #expect(host.contains(text: "Lisbon") && host.contains(text: "23°") && host.contains(text: "62 %"))
    }

    @Test func signingInMovesFocusOnSubmitAndWelcomes() {
        let host = show(SignInScreen())
        host.tap(text: "Username")
        host.type("ada\n")  // submit moves focus to the password
        host.type("secret\n")  // submit signs in
        #expect(host.contains(text: "Welcome, ada!"))
    }

    @Test func aSwatchTapSelectsItsColour() {
        let host = show(ColorSwatches())
        // The swatches are 44-point circles in one row under the banner; the first is red.
        // The swatches are 44-point circles, 8 apart, centred in one row 20 points under the 120-point banner.
        let title = host.frame(ofText: "Selected")!
        let bannerX = 60, bannerY = Int(title.midY)
        let before = host.pixel(x: bannerX, y: bannerY)
        let firstX = 400 - Double(10 * 44 + 9 * 8) / 2 + 22
        host.tap(x: firstX, y: Double(title.midY) + 60 + 20 + 22)
        host.runFrame()
        let after = host.pixel(x: bannerX, y: bannerY)
        #expect(after != before)
        #expect(after.red > 200 && after.blue < 120)  // red now (blue before)
    }

    @Test func theHeartLikesWithASpring() {
        let host = show(HeartButton())
        host.tap(text: "41 likes")  // the label is not the button: nothing happens
        #expect(host.contains(text: "41 likes"))
        let heart = host.frame(ofText: "41 likes")!
        host.tap(x: Double(heart.midX), y: Double(heart.minY) - 40)
        host.advance(seconds: 1)
        #expect(host.contains(text: "42 likes"))
    }

    @Test func theStopwatchStartsLapsAndRuns() async {
        let host = show(Stopwatch())
        host.tap(text: "Start")
        #expect(host.contains(text: "Stop"))
        host.tap(text: "Lap")  // no time has been counted yet: the task has not run
        #expect(host.contains(text: "Lap 1: 0:00.0"))
        // Real time passes for the task's sleeps; wait until a tenth has been counted.
        let counted = await host.runMainActorJobs(until: { host.runFrame(); return !host.contains(text: "0:00.0") }, timeout: 30)
        #expect(counted)
        host.tap(text: "Stop")
        #expect(host.contains(text: "Start"))
    }

    @Test func tabsSwitchAndTheBadgeClears() {
        let host = show(MediaTabs())
        #expect(host.contains(text: "Now playing: Morning Jazz"))
        host.tap(text: "Podcasts")
        #expect(host.contains(text: "3 new episodes"))
        host.tap(text: "Mark all played")
        #expect(host.contains(text: "0 new episodes"))
    }
}

/// The screens written with the containers and controls added later (split view, menus, context menus,
/// ScrollViewReader, DatePicker, detents, TimelineView, joined text).
@Suite @MainActor struct GalleryLaterScreensTests {
    @Test func theMaintenanceLogSelectsJumpsAndFilters() {
        let host = TestHost(rootView: MaintenanceLog(), width: 800, height: 480)
        host.runFrame()
        #expect(host.contains(text: "No entry selected"))
        host.tap(text: "Check 2")
        host.advance(seconds: 0.5)
        #expect(host.frame(ofText: "Press 3 · open") != nil, "the detail shows the joined title")
        host.tap(text: "Options")
        host.runFrame()
        host.tap(text: "Jump to last")
        host.advance(seconds: 1)
        #expect(host.visibleTexts.contains("Check 40"), "scrolled to the last entry")
        host.tap(text: "Options")
        host.runFrame()
        host.tap(text: "Done only")
        host.advance(seconds: 0.5)
        #expect(!host.visibleTexts.contains("Check 1"))
    }

    @Test func theShiftScheduleOpensItsCrewSheetAtHalfHeight() {
        let host = TestHost(rootView: ShiftSchedule(), width: 800, height: 480)
        host.runFrame()
        #expect(host.contains(text: "Starts"))
        host.tap(text: "Edit crew")
        host.advance(seconds: 0.5)
        let crew = host.frame(ofText: "Ana, Bo, Chen")
        #expect(crew != nil)
        if let crew { #expect(crew.minY > 200, "the sheet rests at the medium detent: \(crew)") }
        host.press(.return)
        host.advance(seconds: 0.5)
        #expect(host.frame(ofText: "Ana, Bo, Chen") == nil, "Return pressed Done (its keyboard shortcut)")
    }
}
