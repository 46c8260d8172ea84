import ScanoutUI

extension TestHost {
    /// Types `text` on a hardware keyboard, one key press (down and up, a frame each) per character; a line
    /// break presses Return.
    public func type(_ text: String) {
        for c in text {
            press(c.isNewline ? .return : KeyEquivalent(c))
        }
    }
}
