/// Where an app's touches and keys come from: libinput on a board (`LibinputSeat`), the simulator window's
/// mouse and keyboard (`WindowInput`). Events are queued until the frame takes them; `onInput` fires once
/// when the queue becomes non-empty (the app asks for a frame).
@MainActor
public protocol InputSource: AnyObject {
    var onInput: (@MainActor () -> Void)? { get set }
    /// Every event since the last call, in order; positions in panel pixels as libinput reports them.
    func takeEvents() -> [InputEvent]
    func close()
}

extension LibinputSeat: InputSource {}
