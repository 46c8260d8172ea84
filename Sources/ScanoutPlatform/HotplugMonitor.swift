import CUdev
import Glibc

/// udev's `drm` `change` events (a connector plugged or unplugged: the kernel sends one with HOTPLUG=1 for the
/// card) on the main loop. The handler gets the card's device node. Best effort: where udev's netlink socket
/// is missing (a container) `init` returns nil and there is simply no hotplug.
///
/// Paired lifecycle: `init` → `close()`.
@MainActor
final class HotplugMonitor {
    // Touched on the loop, and by deinit once nothing else can.
    nonisolated(unsafe) private var udev: OpaquePointer?
    nonisolated(unsafe) private var monitor: OpaquePointer?
    private var source: LoopSource?
    private let onChange: @MainActor (String?) -> Void

    init?(loop: MainLoop, onChange: @escaping @MainActor (String?) -> Void) {
        self.onChange = onChange
        guard let u = udev_new() else { return nil }
        udev = u
        guard let m = udev_monitor_new_from_netlink(u, "udev") else { return nil }
        monitor = m
        guard udev_monitor_filter_add_match_subsystem_devtype(m, "drm", nil) >= 0,
              udev_monitor_enable_receiving(m) >= 0 else { return nil }
        let fd = udev_monitor_get_fd(m)
        guard fd >= 0 else { return nil }
        do throws(PlatformError) {
            source = try loop.watch(fd: fd, name: "udev drm monitor") { [unowned self] in self.receive() }
        } catch {
            return nil
        }
    }

    private func receive() {
        guard let m = monitor else { return }
        while let dev = udev_monitor_receive_device(m) {
            let action = udev_device_get_action(dev).map { String(cString: $0) }
            let node = udev_device_get_devnode(dev).map { String(cString: $0) }
            udev_device_unref(dev)
            if action == "change" { onChange(node) }
        }
    }

    func close() {
        source?.cancel()
        source = nil
        if let m = monitor { udev_monitor_unref(m) }
        monitor = nil
        if let u = udev { udev_unref(u) }
        udev = nil
    }

    deinit {
        if let m = monitor { udev_monitor_unref(m) }
        if let u = udev { udev_unref(u) }
    }
}
