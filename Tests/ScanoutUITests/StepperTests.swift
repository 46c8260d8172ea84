import Testing
import ScanoutUI
import ScanoutTesting
import ScanoutRaster

/// Stepper: values through bindings, bounds, auto-repeat on a held finger (simulated time), disabled states.
@Suite @MainActor struct StepperTests {
    private struct Thermostat: View {
        @State var target = 20
        @State var editing = false
        var disabled = false
        var body: some View {
            VStack {
                Stepper("Target", value: $target, in: 16...24, step: 2, onEditingChanged: { editing = $0 })
                    .disabled(disabled)
                    .layoutProbe("stepper")
                Text("target \(target)")
                Text(editing ? "editing" : "idle")
            }
        }
    }

    private func centres(_ host: TestHost) throws -> (minus: CGPoint, plus: CGPoint) {
        let f = try #require(host.frame(ofProbe: "stepper"))
        // The pair is 104 points wide at the trailing edge.
        return (CGPoint(x: f.maxX - 78, y: f.midY), CGPoint(x: f.maxX - 26, y: f.midY))
    }

    @Test func tapsStepTheBoundValueWithinTheRange() throws {
        let host = TestHost(rootView: Thermostat(), width: 400, height: 240)
        host.runFrame()
        let (minus, plus) = try centres(host)
        #expect(try #require(host.frame(ofProbe: "stepper")).height == 44)
        host.tap(x: plus.x, y: plus.y)
        #expect(host.contains(text: "target 22"))
        host.tap(x: plus.x, y: plus.y)
        host.tap(x: plus.x, y: plus.y)
        #expect(host.contains(text: "target 24"))  // clamped to the upper bound
        for _ in 0..<6 { host.tap(x: minus.x, y: minus.y) }
        #expect(host.contains(text: "target 16"))
    }

    @Test func theHalfAtTheEndOfTheRangeIsDimmed() throws {
        let host = TestHost(rootView: Thermostat(target: 24), width: 400, height: 240)
        host.runFrame()
        let (minus, plus) = try centres(host)
        // The minus glyph in the label colour; the plus (cannot step) in tertiary grey.
        let minusInk = host.pixel(x: Int(minus.x), y: Int(minus.y))
        let plusInk = host.pixel(x: Int(plus.x) + 4, y: Int(plus.y))
        #expect(minusInk.red < 60, "\(minusInk)")
        #expect(plusInk.red > 150 && plusInk.red < 235, "\(plusInk)")
        host.tap(x: plus.x, y: plus.y)
        #expect(host.contains(text: "target 24"))
    }

    @Test func aHeldFingerRepeatsAfterHalfASecondThenTenTimesASecond() throws {
        struct Counter: View {
            @State var n = 0
            var body: some View {
                VStack {
                    Stepper("Count", value: $n, in: 0...100).layoutProbe("stepper")
                    Text("n \(n)")
                }
            }
        }
        let counter = TestHost(rootView: Counter(), width: 400, height: 240)
        counter.runFrame()
        let (_, plus) = try centres(counter)
        counter.touchDown(x: plus.x, y: plus.y)
        counter.runFrame()
        #expect(counter.contains(text: "n 1"))  // at once
        counter.advance(seconds: 0.4)
        #expect(counter.contains(text: "n 1"))  // nothing before the delay
        counter.advance(seconds: 0.65)  // 1.05 s held: repeats at 0.5, 0.6 … 1.0
        #expect(counter.contains(text: "n 7"), "\(counter.visibleTexts)")
        counter.touchUp(x: plus.x, y: plus.y)
        counter.runFrame()
        counter.advance(seconds: 0.5)
        #expect(counter.contains(text: "n 7"))  // lifting stops the repeat
    }

    @Test func repeatingStopsAtTheBound() throws {
        let host = TestHost(rootView: Thermostat(), width: 400, height: 240)
        host.runFrame()
        let (_, plus) = try centres(host)
        host.touchDown(x: plus.x, y: plus.y)
        host.runFrame()
        #expect(host.contains(text: "editing"))
        host.advance(seconds: 2)
        #expect(host.contains(text: "target 24"))
        host.touchUp(x: plus.x, y: plus.y)
        host.runFrame()
        #expect(host.contains(text: "idle"))
    }

    @Test func aDisabledStepperIgnoresTouches() throws {
        let host = TestHost(rootView: Thermostat(disabled: true), width: 400, height: 240)
        host.runFrame()
        let (minus, plus) = try centres(host)
        host.tap(x: plus.x, y: plus.y)
        host.tap(x: minus.x, y: minus.y)
        #expect(host.contains(text: "target 20") && host.contains(text: "idle"))
    }

    private struct Custom: View {
        @State var log: [String] = []
        var body: some View {
            VStack {
                Stepper("Mode", onIncrement: { log.append("+") }, onDecrement: { log.append("-") }).layoutProbe("stepper")
                Text("log \(log.joined())")
            }
        }
    }

    @Test func incrementAndDecrementActions() throws {
        let host = TestHost(rootView: Custom(), width: 400, height: 240)
        host.runFrame()
        let (minus, plus) = try centres(host)
        host.tap(x: plus.x, y: plus.y)
        host.tap(x: minus.x, y: minus.y)
        host.tap(x: plus.x, y: plus.y)
        #expect(host.contains(text: "log +-+"), "\(host.visibleTexts)")
    }
}
