import Glibc

/// A value behind a pthread mutex. ThreadSanitizer sees the ordering pthread's lock makes; through
/// Synchronization's `Mutex` it did not, and reported the fallback-face cache's locked read and write from two
/// parallel tests as a race (a CI dry run's `scripts/races`).
final class LockedValue<Value>: @unchecked Sendable {  // the value is only reached under the lock
    private var value: Value
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init(_ value: Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
