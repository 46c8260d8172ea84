/// The shape of a bordered button's background (SwiftUI's `ButtonBorderShape`), set with
/// `buttonBorderShape(_:)`: `.automatic` (a rounded rectangle, the built-in styles' corner), `.capsule`,
/// `.roundedRectangle`, `.roundedRectangle(radius:)`, `.circle` (the circle of the button's shorter side,
/// for an icon). It is a shape too: a custom style can fill it.
public struct ButtonBorderShape: Equatable, Sendable, InsettableShape {
    enum Kind: Equatable, Sendable { case automatic, capsule, roundedRectangle(CGFloat?), circle }
    let kind: Kind
    var inset: CGFloat = 0

    public nonisolated static let automatic = ButtonBorderShape(kind: .automatic)
    public nonisolated static let capsule = ButtonBorderShape(kind: .capsule)
    public nonisolated static let roundedRectangle = ButtonBorderShape(kind: .roundedRectangle(nil))
    public nonisolated static func roundedRectangle(radius: CGFloat) -> ButtonBorderShape { ButtonBorderShape(kind: .roundedRectangle(radius)) }
    public nonisolated static let circle = ButtonBorderShape(kind: .circle)

    public func path(in rect: CGRect) -> Path {
        let r = rect.insetBy(dx: inset, dy: inset)
        guard r.width > 0, r.height > 0 else { return Path() }
        switch kind {
        case .automatic, .roundedRectangle(nil):
            return Path(roundedRect: r, cornerRadius: max(0, Palette.buttonCornerRadius - inset))
        case .roundedRectangle(let radius?):
            return Path(roundedRect: r, cornerRadius: max(0, radius - inset))
        case .capsule:
            return Capsule().path(in: r)
        case .circle:
            return Circle().path(in: r)
        }
    }

    public func inset(by amount: CGFloat) -> ButtonBorderShape {
        var s = self
        s.inset += amount
        return s
    }
}

struct ButtonBorderShapeKey: EnvironmentKey { static let defaultValue = ButtonBorderShape.automatic }

extension EnvironmentValues {
    /// The background shape of bordered buttons here.
    public var buttonBorderShape: ButtonBorderShape {
        get { self[ButtonBorderShapeKey.self] }
        set { self[ButtonBorderShapeKey.self] = newValue }
    }
}

extension View {
    /// The background shape of the bordered buttons in this view.
    public func buttonBorderShape(_ shape: ButtonBorderShape) -> some View { environment(\.buttonBorderShape, shape) }
}
