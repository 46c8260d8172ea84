/// `#Preview` and `PreviewProvider`, as SwiftUI has them: a screen written with previews compiles unchanged,
/// and `--previews DIR` renders every `#Preview` of the app to PNG (see `PreviewRunner`).

/// A preview of a view, shown by `--previews DIR` (SwiftUI's `#Preview`).
@freestanding(declaration)
public macro Preview(_ name: String? = nil, @ViewBuilder body: @escaping @MainActor () -> any View) =
    #externalMacro(module: "ScanoutMacros", type: "PreviewMacro")

/// A preview of a view with traits such as a fixed size (SwiftUI's `#Preview(_:traits:_:body:)`).
@freestanding(declaration)
public macro Preview(_ name: String? = nil, traits: PreviewTrait<Preview.ViewTraits>,
                     _ additionalTraits: PreviewTrait<Preview.ViewTraits>...,
                     @ViewBuilder body: @escaping @MainActor () -> any View) =
    #externalMacro(module: "ScanoutMacros", type: "PreviewMacro")

/// What `#Preview` declares: a name, traits and the view to show. Write the macro, not this initializer.
public struct Preview {
    /// The traits a view preview takes.
    public enum ViewTraits {}

    public let name: String?
    let traits: [PreviewTrait<ViewTraits>]
    let body: @MainActor () -> any View

    public init(_ name: String? = nil, traits: PreviewTrait<ViewTraits>...,
                @ViewBuilder body: @escaping @MainActor () -> any View) {
        self.name = name
        self.traits = traits
        self.body = body
    }

    /// Called by `#Preview`'s expansion: the preview, boxed for the C-named function that lets a running app
    /// find it (`ExecutableSymbols`).
    public static func registered(fileID: String, line: Int, _ make: @escaping @MainActor () -> Preview) -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(PreviewEntry(fileID: fileID, line: line, make: make)).toOpaque()
    }
}

/// One `#Preview` of the program, as its expansion registered it.
final class PreviewEntry {
    let fileID: String
    let line: Int
    let make: @MainActor () -> Preview

    init(fileID: String, line: Int, make: @escaping @MainActor () -> Preview) {
        self.fileID = fileID
        self.line = line
        self.make = make
    }
}

/// A customization of a preview (SwiftUI's `PreviewTrait`).
public struct PreviewTrait<T>: Sendable {
    enum Kind: Sendable, Equatable {
        case defaultLayout
        case sizeThatFits
        case fixed(width: Double, height: Double)
        case portrait
        case landscape
    }
    let kind: Kind
}

extension PreviewTrait where T == Preview.ViewTraits {
    /// The board's (or `--size`'s) screen.
    public static var defaultLayout: PreviewTrait { PreviewTrait(kind: .defaultLayout) }
    /// As large as the view wants to be, within the screen.
    public static var sizeThatFitsLayout: PreviewTrait { PreviewTrait(kind: .sizeThatFits) }
    /// A screen of this size in points.
    public static func fixedLayout(width: CGFloat, height: CGFloat) -> PreviewTrait { PreviewTrait(kind: .fixed(width: width, height: height)) }
    /// The screen taller than wide.
    public static var portrait: PreviewTrait { PreviewTrait(kind: .portrait) }
    public static var portraitUpsideDown: PreviewTrait { PreviewTrait(kind: .portrait) }
    /// The screen wider than tall.
    public static var landscapeLeft: PreviewTrait { PreviewTrait(kind: .landscape) }
    public static var landscapeRight: PreviewTrait { PreviewTrait(kind: .landscape) }
}

/// A type that produces previews (SwiftUI's `PreviewProvider`, the form before `#Preview`). It compiles as
/// in SwiftUI; `--previews` renders `#Preview`s only (a provider's previews are not found by the runner).
@MainActor
public protocol PreviewProvider {
    associatedtype Previews: View
    @ViewBuilder static var previews: Previews { get }
}

/// A preview's layout, for `previewLayout(_:)` (SwiftUI's `PreviewLayout`).
public enum PreviewLayout: Sendable {
    case device
    case sizeThatFits
    case fixed(width: CGFloat, height: CGFloat)
}

/// A device to preview on, for `previewDevice(_:)` (SwiftUI's `PreviewDevice`): a panel has one.
public struct PreviewDevice: RawRepresentable, Sendable, ExpressibleByStringLiteral {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
}

extension View {
    /// A preview's name in SwiftUI's canvas; previews are named by `#Preview("name")` here.
    public func previewDisplayName(_ value: String?) -> some View { self }
    /// A preview's layout in SwiftUI's canvas; use `#Preview(traits: .fixedLayout(...))` here.
    public func previewLayout(_ value: PreviewLayout) -> some View { self }
    /// A preview's device in SwiftUI's canvas; a panel preview shows the board's screen.
    public func previewDevice(_ value: PreviewDevice?) -> some View { self }
}
