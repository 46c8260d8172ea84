/// Foundation's `error.localizedDescription`, which SwiftUI code shows in alerts and FoundationEssentials does
/// not have: a `LocalizedError`'s `errorDescription`, otherwise Foundation's sentence for a Swift error
/// ("The operation couldn’t be completed. (Module.Type error N.)"). Disfavoured, so a file that also imports
/// Foundation uses Foundation's.
extension Error {
    @_disfavoredOverload
    public var localizedDescription: String {
        if let described = (self as? any LocalizedError)?.errorDescription { return described }
        return "The operation couldn’t be completed. (\(_domain) error \(_code).)"
    }
}
