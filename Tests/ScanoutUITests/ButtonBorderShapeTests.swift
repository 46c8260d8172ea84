import Testing
import ScanoutUI
import ScanoutTesting

/// `buttonBorderShape(_:)`: the background shape of the bordered styles.
@MainActor
struct ButtonBorderShapeTests {
    func pixels(_ shape: ButtonBorderShape?, style: some PrimitiveButtonStyle = .borderedProminent) -> [RGBA] {
        let button = Button("Start") {}.buttonStyle(style)
        let host = TestHost(rootView: shape.map { AnyView(button.buttonBorderShape($0)) } ?? AnyView(button), width: 200, height: 100)
        host.runFrame()
        return (0..<100).flatMap { y in (0..<200).map { x in host.pixel(x: x, y: y) } }
    }

    @Test func theShapeChangesOnlyTheBackgroundsOutline() {
        let automatic = pixels(nil)
        #expect(pixels(.automatic) == automatic)
        #expect(pixels(.roundedRectangle) == automatic, "the styles' own corner")
        let square = pixels(.roundedRectangle(radius: 0)), capsule = pixels(.capsule)
        #expect(square != automatic && capsule != automatic && square != capsule)
        let accent = RGBA(red: 0, green: 122, blue: 255)
        #expect(square.filter { $0 == accent }.count > automatic.filter { $0 == accent }.count, "square corners fill more")
        #expect(capsule.filter { $0 == accent }.count < automatic.filter { $0 == accent }.count, "round ends fill less")
        #expect(pixels(.capsule, style: .bordered) != pixels(nil, style: .bordered), "the bordered style too")
    }

    @Test func theShapeIsAShape() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 40)
        #expect(ButtonBorderShape.capsule.path(in: rect) == Capsule().path(in: rect))
        #expect(ButtonBorderShape.roundedRectangle(radius: 6).path(in: rect) == RoundedRectangle(cornerRadius: 6).path(in: rect))
        #expect(ButtonBorderShape.circle.path(in: rect) == Circle().path(in: rect))
        #expect(ButtonBorderShape.roundedRectangle(radius: 6).inset(by: 2).path(in: rect)
                == RoundedRectangle(cornerRadius: 4).path(in: rect.insetBy(dx: 2, dy: 2)))
    }
}
