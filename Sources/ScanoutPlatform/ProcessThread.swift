import CLinux

/// Which thread of the process this is.
public enum ProcessThread {
    /// Whether the caller runs on the process's first thread, the one libdispatch drains its main queue on
    /// (a main-actor job can also run elsewhere: Swift Testing parks that thread in `dispatch_main`).
    public static var isMain: Bool { scanout_linux_is_main_thread() != 0 }
}
