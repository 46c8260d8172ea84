/// An environment entry that refers to an object owned elsewhere in the render tree (a stack's controller, a
/// screen's bar model). Weak because view values keep the environment they were installed with (for a task
/// that outlives its view), and those values are themselves kept by such objects (a pushed screen's view):
/// a strong entry would make a reference cycle, and a dropped stack would never be freed.
struct WeakReference<Object: AnyObject & Sendable>: Equatable, Sendable {
    weak var object: Object?

    init(_ object: Object?) { self.object = object }

    static func == (a: Self, b: Self) -> Bool { a.object === b.object }
}
