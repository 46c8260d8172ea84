import FuzzInput
import ScanoutTesting
import ScanoutUI

/// Text input from arbitrary bytes: a field, a secure field, a growing field and an editor on a panel, driven
/// by a program of taps, long presses, drags, typed characters (any scalar: right to left, combining marks,
/// emoji, controls) and keys with modifiers (arrows, delete, select all, cut, copy, paste, undo, return, tab).
/// Never a crash, hang or memory error, whatever is typed or where the caret goes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTextInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    // libFuzzer calls on the main thread, where the UI lives; the input is read only there.
    nonisolated(unsafe) var input = FuzzInput(data, size)
    MainActor.assumeIsolated {
        let host = TestHost(rootView: Fields(), width: 320, height: 240)
        host.runFrame()
        var steps = 0
        while !input.isAtEnd && steps < 64 {
            steps += 1
            let x = Double(input.int(below: 320)), y = Double(input.int(below: 240))
            switch input.int(below: 8) {
            case 0: host.tap(x: x, y: y)
            case 1:
                host.touchDown(x: x, y: y)
                for _ in 0..<40 { host.runFrame() }
                host.touchUp(x: x, y: y)
                host.runFrame()
            case 2: host.drag(fromX: x, fromY: y, toX: Double(input.int(below: 320)), toY: Double(input.int(below: 240)), steps: 4)
            case 3, 4:
                // A character from anywhere in Unicode's scalars (bytes pick the plane and the value).
                let plane = UInt32(input.int(below: 3)), value = UInt32(input.byte()) << 8 | UInt32(input.byte())
                if let scalar = Unicode.Scalar(plane << 16 | value) { host.press(KeyEquivalent(Character(scalar))) }
            case 5:
                let text = ["مرحبا 123", "שלום", "é", "👩‍👩‍👧", "🇩🇪", "क्ष", "สวัสดี", "漢字", "a\u{301}", "\u{200F}", "  ", "x"]
                host.type(text[input.int(below: text.count)])
            default:
                let keys: [KeyEquivalent] = [.leftArrow, .rightArrow, .upArrow, .downArrow, .delete, .deleteForward, .return, .tab,
                                             .home, .end, .escape, "a", "c", "v", "x", "z"]
                var modifiers: EventModifiers = []
                let m = input.byte()
                if m & 1 != 0 { modifiers.insert(.shift) }
                if m & 2 != 0 { modifiers.insert(.control) }
                if m & 4 != 0 { modifiers.insert(.option) }
                host.press(keys[input.int(below: keys.count)], modifiers: modifiers)
            }
        }
        host.runFrame()
    }
    return 0
}

struct Fields: View {
    @State private var name = "Line 7"
    @State private var secret = ""
    @State private var notes = "مرحبا بالعالم\nsecond line"
    @State private var log = "A\nB"
    var body: some View {
        VStack {
            TextField("Name", text: $name)
            SecureField("Password", text: $secret)
            TextField("Notes", text: $notes, axis: .vertical).lineLimit(1...3)
            TextEditor(text: $log).frame(height: 80)
        }
        .padding(8)
    }
}
