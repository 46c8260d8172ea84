import Observation
import Testing
@testable import ScanoutUI
import ScanoutTesting

/// Small pieces of SwiftUI that ordinary app code uses and that the example apps found missing.
@Suite @MainActor struct SwiftUIParityTests {
    struct Item: Identifiable {
        let id: Int
        var name: String
        var isOn: Bool
    }

    /// `ForEach($items) { $item in … }`: a binding to a collection is a collection of bindings, keyed by the
    /// elements' ids, each writing its own element.
    @Test func forEachOverABindingEditsElementsInPlace() throws {
        // (The row is a view of its own: Swift 6.0.3's compiler asserts, "LocalDiscriminator is set multiple
        // times", on a closure inside a `{ $item in … }` closure, such as a button's action.)
        struct Row: View {
            @Binding var item: Item
            var body: some View {
                Button(item.name + (item.isOn ? " on" : " off")) { item.isOn.toggle() }
            }
        }
        struct Screen: View {
            @State var items = [Item(id: 1, name: "Pump", isOn: false), Item(id: 2, name: "Fan", isOn: true)]
            var body: some View {
                VStack {
                    ForEach($items) { $item in
                        Row(item: $item)
                    }
                    Button("Rename") { items[0].name = "Valve"; items.swapAt(0, 1) }
                }
            }
        }
        let host = TestHost(rootView: Screen(), width: 400, height: 300)
        host.runFrame()
        #expect(host.contains(text: "Pump off") && host.contains(text: "Fan on"))
        host.tap(text: "Pump off")
        #expect(host.contains(text: "Pump on") && host.contains(text: "Fan on"))
        // After a move, each row's binding still writes the element it shows.
        host.tap(text: "Rename")
        let fan = try #require(host.frame(ofText: "Fan on")), valve = try #require(host.frame(ofText: "Valve on"))
        #expect(fan.minY < valve.minY)
        host.tap(text: "Fan on")
        #expect(host.contains(text: "Fan off") && host.contains(text: "Valve on"))
    }

    struct Setting: Equatable {
        var name: String
        var isOn: Bool
    }

    /// `ForEach($settings, id: \.name) { $setting in … }`: elements that are not `Identifiable`, keyed by a
    /// path into the element (not into the binding), each row writing its own element after a move.
    @Test func forEachOverABindingWithAnIDPathEditsElementsInPlace() throws {
        struct Row: View {
            @Binding var setting: Setting
            var body: some View {
                Button(setting.name + (setting.isOn ? " on" : " off")) { setting.isOn.toggle() }
            }
        }
        struct Screen: View {
            @State var settings = [Setting(name: "Pump", isOn: false), Setting(name: "Fan", isOn: true)]
            var body: some View {
                VStack {
                    ForEach($settings, id: \.name) { $setting in
                        Row(setting: $setting)
                    }
                    Button("Swap") { settings.swapAt(0, 1) }
                }
            }
        }
        let host = TestHost(rootView: Screen(), width: 400, height: 300)
        host.runFrame()
        host.tap(text: "Pump off")
        #expect(host.contains(text: "Pump on") && host.contains(text: "Fan on"))
        host.tap(text: "Swap")
        let fan = try #require(host.frame(ofText: "Fan on")), pump = try #require(host.frame(ofText: "Pump on"))
        #expect(fan.minY < pump.minY)
        host.tap(text: "Fan on")
        #expect(host.contains(text: "Fan off") && host.contains(text: "Pump on"))
    }

    @Test func aBindingToACollectionIsARandomAccessCollectionOfBindings() {
        var storage = [3, 1, 2]
        let numbers = Binding(get: { storage }, set: { storage = $0 })
        #expect(numbers.count == 3)
        #expect(numbers.map(\.wrappedValue) == [3, 1, 2])
        numbers[1].wrappedValue = 10
        #expect(storage == [3, 10, 2])
        #expect(numbers.reversed().map(\.wrappedValue) == [2, 10, 3])
    }

    /// `.monospacedDigit()`: numbers of the same length take the same width (the DejaVu faces' digits are
    /// tabular; the modifier keeps that promise for any face).
    @Test func monospacedDigitsGiveNumbersOfOneLengthOneWidth() throws {
        let host = TestHost(rootView: VStack {
            Text("1111").font(.title).monospacedDigit()
            Text("8888").font(.title).monospacedDigit()
            VStack { Text("1010"); Text("9898") }.monospacedDigit()
        }, width: 400, height: 300)
        host.runFrame()
        let ones = try #require(host.frame(ofText: "1111")), eights = try #require(host.frame(ofText: "8888"))
        #expect(ones.width == eights.width)
        let a = try #require(host.frame(ofText: "1010")), b = try #require(host.frame(ofText: "9898"))
        #expect(a.width == b.width)
    }

    /// `Slider(value:in:step:label:minimumValueLabel:maximumValueLabel:)`: the ends' labels are drawn and the
    /// value snaps to the step.
    @Test func aSliderWithStepAndValueLabelsSnaps() throws {
        final class Model { var value = 0.0 }
        let model = Model()
        let binding = Binding(get: { model.value }, set: { model.value = $0 })
        let host = TestHost(rootView: Slider(value: binding, in: 0...10, step: 2.5) { Text("Level") }
                                minimumValueLabel: { Text("min") } maximumValueLabel: { Text("max") }, width: 400, height: 100)
        host.runFrame()
        let low = try #require(host.frame(ofText: "min")), high = try #require(host.frame(ofText: "max"))
        // A tap at 40% of the track: 4.0 snaps to 5.0.
        host.tap(x: Double(low.maxX + (high.minX - low.maxX) * 0.42), y: Double(low.midY))
        #expect(model.value == 5)
        #expect(!host.contains(text: "Level"))  // as on iOS, the label is for accessibility only
    }

    /// A `.preferredColorScheme` on the root view sets the window's background, as SwiftUI applies it to the
    /// whole window; deeper in the tree it changes its subtree only.
    @Test func aRootPreferredColorSchemeIsTheWindows() {
        let dark = TestHost(rootView: Text("x").padding().preferredColorScheme(.dark), width: 100, height: 50)
        dark.runFrame()
        #expect(dark.host.rootPreferredColorScheme == .dark)
        let nested = TestHost(rootView: VStack { Text("a"); Text("b").preferredColorScheme(.dark) }, width: 100, height: 50)
        nested.runFrame()
        #expect(nested.host.rootPreferredColorScheme == nil)
        let none = TestHost(rootView: Text("x").preferredColorScheme(nil), width: 100, height: 50)
        none.runFrame()
        #expect(none.host.rootPreferredColorScheme == nil)
    }
}
