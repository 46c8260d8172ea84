import Testing
import ScanoutTesting
@testable import MachineHMI

@Suite @MainActor struct MachineHMITests {
    private func makeHost(_ plant: Plant) -> TestHost {
        let host = TestHost(rootView: ContentView().environment(plant), width: 800, height: 480)
        host.runFrame()
        return host
    }

    @Test func theOverviewShowsEveryMachineAndTheOpenAlarmsBadge() {
        let host = makeHost(Plant())
        for name in ["Press 1", "Press 2", "Conveyor", "1450", "64 °C"] { #expect(host.contains(text: name)) }
        #expect(host.contains(text: "2"))  // the Alarms tab's badge
    }

    @Test func aMachineCardOpensItsDetailAndBackReturns() {
        let host = makeHost(Plant())
        host.tap(text: "Conveyor")
        host.advance(seconds: 1)  // the push slides in
        #expect(host.contains(text: "Belt") == false)
        #expect(host.contains(text: "820 rpm"))
        #expect(host.contains(text: "Temperature"))
        host.tap(text: "Line 3")  // the back button names the screen under it
        host.advance(seconds: 1)
        #expect(!host.contains(text: "820 rpm"))
        #expect(host.contains(text: "Press 2"))
    }

    @Test func acknowledgingAnAlarmClearsItFromTheBadge() {
        let plant = Plant()
        let host = makeHost(plant)
        host.tap(text: "Alarms")
        #expect(host.contains(text: "Conveyor: Belt slip detected"))
        host.tap(text: "Acknowledge")
        #expect(plant.openAlarms == 1)
        #expect(plant.alarms[0].isAcknowledged)
        #expect(host.contains(text: "Acknowledged"))
    }

    @Test func anOverTemperatureReadingRaisesOneFault() {
        let plant = Plant()
        let host = makeHost(plant)
        plant.sample(machine: 1, speed: 1500, temperature: 95)
        plant.sample(machine: 1, speed: 1500, temperature: 97)  // still over: no second alarm
        host.runFrame()
        #expect(plant.alarms.count == 3)
        #expect(plant.openAlarms == 3)
        host.tap(text: "Alarms")
        #expect(host.contains(text: "Press 1: Over temperature"))
    }

    @Test func settingsChangeTheLimitAndTheUnits() {
        let plant = Plant()
        let host = makeHost(plant)
        host.tap(text: "Settings")
        #expect(host.contains(text: "Temperature limit 90 °C"))
        host.tap(text: "Imperial")
        #expect(plant.units == .imperial)
        host.tap(text: "Overview")
        #expect(host.contains(text: "147 °F"))  // Press 1 at 64 °C
        // A lower limit: the next reading above it raises a fault.
        plant.temperatureLimit = 60
        plant.sample(machine: 3, speed: 800, temperature: 61)
        #expect(plant.alarms.first?.machine == "Conveyor")
    }
}
