/// Whether a DRM display is being shown, and what to do when that changes: the connector's cable (udev
/// `change` events on the card, re-read from the kernel) and blanking after an idle timeout. Pure state, so
/// the display's reaction to unplug, replug and blanking is tested without hardware.
///
/// While the display is not shown, frames still run (the app keeps its state and animations current) but
/// nothing is committed to the hardware: `DRMDisplay.present()` completes at once. When it is shown again,
/// the CRTC is set again with the newest buffer.
public struct ConnectorPresence: Sendable, Equatable {
    /// What the display must do after a change.
    public enum Action: Sendable, Equatable {
        /// Nothing changed that matters.
        case none
        /// Stop committing to the hardware (the connector went away, or blanking began: turn the CRTC off).
        case stopPresenting(reason: String)
        /// Set the mode again with the newest buffer (the connector came back, or a touch ended blanking).
        case remodeset(reason: String)
    }

    public private(set) var isConnected = true
    public private(set) var isBlanked = false

    public init() {}

    /// Whether frames reach the panel.
    public var isPresenting: Bool { isConnected && !isBlanked }

    /// The kernel's view of the connector after a hotplug event: connected with at least one mode, or not.
    public mutating func connectorChanged(connected: Bool, hasModes: Bool) -> Action {
        let now = connected && hasModes
        guard now != isConnected else { return .none }
        let wasPresenting = isPresenting
        isConnected = now
        if now {
            return isPresenting ? .remodeset(reason: "display connected again") : .none
        }
        return wasPresenting ? .stopPresenting(reason: connected ? "display reports no modes" : "display disconnected") : .none
    }

    /// Blanking on (idle timeout) or off (a touch).
    public mutating func setBlanked(_ blanked: Bool) -> Action {
        guard blanked != isBlanked else { return .none }
        let wasPresenting = isPresenting
        isBlanked = blanked
        if blanked {
            return wasPresenting ? .stopPresenting(reason: "blanked after the idle timeout") : .none
        }
        return isPresenting ? .remodeset(reason: "woken by input") : .none
    }
}
