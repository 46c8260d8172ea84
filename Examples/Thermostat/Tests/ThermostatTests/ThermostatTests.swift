import Testing
import ScanoutTesting
@testable import Thermostat

@Suite @MainActor struct ThermostatTests {
    private func makeHost(_ thermostat: Thermostat) -> TestHost {
        let host = TestHost(rootView: ThermostatView().environment(thermostat), width: 800, height: 480)
        host.runFrame()
        return host
    }

    @Test func showsTheRoomAndTheSchedule() {
        let host = makeHost(Thermostat())
        #expect(host.contains(text: "19.5°"))
        #expect(host.contains(text: "Heating to 21.0°"))
        for name in ["Wake", "Away", "Home", "Sleep"] { #expect(host.contains(text: name)) }
    }

    @Test func modeOffHoldsAndHeatResumes() {
        let thermostat = Thermostat()
        let host = makeHost(thermostat)
        host.tap(text: "Off")
        #expect(thermostat.mode == .off)
        #expect(host.contains(text: "Holding 21.0°"))
        host.tap(text: "Heat")
        #expect(thermostat.mode == .heat)
        #expect(host.contains(text: "Heating to 21.0°"))
    }

    @Test func draggingTheSliderToItsEndSetsTheTopOfTheRange() throws {
        let thermostat = Thermostat()
        let host = makeHost(thermostat)
        // The slider's track runs between its "10°" and "30°" labels; drag its thumb far right.
        let low = try #require(host.frame(ofText: "10°"))
        let high = try #require(host.frame(ofText: "30°"))
        let x = low.maxX + (high.minX - low.maxX) * 0.55  // the thumb at 21° sits at 55% of the track
        host.drag(fromX: Double(x), fromY: Double(low.midY), toX: Double(high.minX) + 40, toY: Double(low.midY), steps: 8)
        #expect(thermostat.setpoint == 30)
        #expect(host.contains(text: "Setpoint 30.0°"))
    }

    @Test func switchingAPeriodOffChangesTheSchedule() throws {
        let thermostat = Thermostat()
        let host = makeHost(thermostat)
        #expect(thermostat.schedule[1].isEnabled)
        // The toggle's switch sits at the trailing edge of the row, level with its title.
        let away = try #require(host.frame(ofText: "Away"))
        host.tap(x: 800 - 40, y: Double(away.maxY))
        #expect(!thermostat.schedule[1].isEnabled)
        #expect(thermostat.schedule[0].isEnabled)
    }

    @Test func theRoomWarmsWhileHeatingAndThePanelFollows() {
        let thermostat = Thermostat()
        let host = makeHost(thermostat)
        for _ in 0..<5 { thermostat.tick() }
        host.runFrame()
        #expect(thermostat.current == 20.0)
        #expect(host.contains(text: "20.0°"))
        host.tap(text: "Off")
        thermostat.tick()
        host.runFrame()
        #expect(thermostat.current == 20.0)  // off: the room stays where it is
        #expect(host.contains(text: "Holding 21.0°"))
    }
}
