import Observation
import Testing
import ScanoutUI
import ScanoutTesting

/// keyboardShortcut on buttons: Control stands for Command; defaultAction/cancelAction; a focused text field
/// keeps the keys it uses; a disabled button does not run.
@MainActor
struct KeyboardShortcutTests {
    @Observable @MainActor final class Model {
        var log: [String] = []
        var text = ""
        var saveEnabled = true
    }

    struct Screen: View {
        @Bindable var model: Model
        var body: some View {
            VStack {
                TextField("Name", text: $model.text)
                Button("Save") { model.log.append("save") }
                    .keyboardShortcut("s")
                    .disabled(!model.saveEnabled)
                Button("OK") { model.log.append("ok") }.keyboardShortcut(.defaultAction)
                Button("Cancel") { model.log.append("cancel") }.keyboardShortcut(.cancelAction)
            }
        }
    }

    @Test func shortcutsRunTheirButtons() async {
        let model = Model()
        let host = TestHost(rootView: Screen(model: model), width: 400, height: 300)
        host.runFrame()
        host.press("s", modifiers: .control)
        host.runFrame()
        host.press("s", modifiers: .command)
        host.runFrame()
        #expect(model.log == ["save", "save"])
        host.press("s")
        host.runFrame()
        #expect(model.log == ["save", "save"], "without Control it is not the shortcut")
        host.press(.return)
        host.press(.escape)
        host.runFrame()
        #expect(model.log == ["save", "save", "ok", "cancel"])
        model.saveEnabled = false
        host.runFrame()
        host.press("s", modifiers: .control)
        host.runFrame()
        #expect(model.log.last == "cancel", "a disabled button's shortcut does nothing")
    }

    @Test func aFocusedFieldKeepsItsTyping() async {
        let model = Model()
        let host = TestHost(rootView: Screen(model: model), width: 400, height: 300)
        host.runFrame()
        host.tap(text: "Name")
        host.runFrame()
        host.type("sos")
        host.runFrame()
        #expect(model.text == "sos")
        #expect(model.log.isEmpty)
        host.press("s", modifiers: .control)
        host.runFrame()
        #expect(model.log == ["save"], "a shortcut the field does not use still reaches the button")
    }
}
