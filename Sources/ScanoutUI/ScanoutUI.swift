/// ScanoutUI is the module an app imports: SwiftUI's view types, state, environment, preferences, identity,
/// lifecycle and layout, with the same names and shapes.
///
/// View values are ephemeral descriptions; the persistent render tree (`ViewNode`s) holds state keyed by
/// identity, and every user `body` is an attribute of ScanoutGraph: it re-runs only when something it read
/// (state, environment, an `@Observable` property, its own inputs) changed. Everything here runs on the main
/// actor. It calls no C library directly: text goes through ScanoutRender, pixels through ScanoutRaster.
import ScanoutGraph
import ScanoutRender
