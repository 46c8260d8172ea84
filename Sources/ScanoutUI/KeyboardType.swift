/// Which on-screen keyboard a field asks for (UIKit's `UIKeyboardType`, as SwiftUI's `keyboardType(_:)`
/// takes it).
public enum UIKeyboardType: Int, Hashable, Sendable {
    case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress,
         decimalPad, twitter, webSearch, asciiCapableNumberPad
}

struct KeyboardTypeKey: EnvironmentKey { static let defaultValue = UIKeyboardType.default }

extension EnvironmentValues {
    var keyboardType: UIKeyboardType {
        get { self[KeyboardTypeKey.self] }
        set { self[KeyboardTypeKey.self] = newValue }
    }
}

extension View {
    /// The on-screen keyboard the fields in this view bring up: letters, a number pad, a decimal pad, a
    /// phone pad.
    public func keyboardType(_ type: UIKeyboardType) -> some View { environment(\.keyboardType, type) }
}
