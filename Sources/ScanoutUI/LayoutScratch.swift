/// Scratch space for stack layout (each subview's lengths, extremes and guides for one call), taken and given
/// back in nested order as stacks measure stacks. (Not `withUnsafeTemporaryAllocation`: its closure, made in
/// main-actor code, checks the executor each time it is entered — three times per stack measured or placed.)
@MainActor
enum LayoutScratch {
    /// The arena: 32 KB, as deep as a layout of thousands of subviews needs; a larger request gets an
    /// allocation of its own.
    @exclusivity(unchecked) private static var arena = UnsafeMutableBufferPointer<CGFloat>.allocate(capacity: 4096)
    @exclusivity(unchecked) private static var top = 0

    /// `count` values (uninitialized); give them back with `give`, in the reverse order of taking.
    static func take(_ count: Int) -> UnsafeMutableBufferPointer<CGFloat> {
        guard top + count <= arena.count else { return .allocate(capacity: count) }
        let taken = UnsafeMutableBufferPointer(rebasing: arena[top..<top + count])
        top += count
        return taken
    }

    static func give(_ taken: UnsafeMutableBufferPointer<CGFloat>) {
        guard let base = taken.baseAddress, let start = arena.baseAddress else { return }
        if base >= start && base < start + arena.count {
            top = base - start  // (nested order: everything taken after it was given back)
        } else {
            taken.deallocate()
        }
    }
}
