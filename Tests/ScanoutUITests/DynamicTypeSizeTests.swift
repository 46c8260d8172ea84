import Testing
import ScanoutUI
import ScanoutTesting

/// Text styles follow the Dynamic Type size as iOS's do; fixed sizes do not.
@MainActor
struct DynamicTypeSizeTests {
    func size(of text: Text, _ dynamicType: DynamicTypeSize?) -> CGSize {
        let view = text.fixedSize().accessibilityIdentifier("t")
        let host = dynamicType.map { TestHost(rootView: view.dynamicTypeSize($0), width: 800, height: 400) }
            ?? TestHost(rootView: view, width: 800, height: 400)
        host.runFrame()
        return host.frame(ofAccessibilityIdentifier: "t")?.size ?? .zero
    }

    @Test func textStylesScaleFixedSizesDoNot() {
        let large = size(of: Text("Pressure 4.5 bar").font(.body), nil)
        let xxLarge = size(of: Text("Pressure 4.5 bar").font(.body), .xxLarge)
        let ax5 = size(of: Text("Pressure 4.5 bar").font(.body), .accessibility5)
        let small = size(of: Text("Pressure 4.5 bar").font(.body), .xSmall)
        #expect(xxLarge.width > large.width && ax5.width > xxLarge.width && small.width < large.width)
        // Body is 17 pt at .large and 21 pt at .xxLarge: widths scale with the size.
        #expect(abs(xxLarge.width / large.width - 21.0 / 17.0) < 0.02)
        let fixed = size(of: Text("Pressure 4.5 bar").font(.system(size: 17)), .xxLarge)
        #expect(fixed == large, "a fixed size stays")
        #expect(size(of: Text("Pressure 4.5 bar"), .xxLarge) == xxLarge, "text without a font is body")
    }

    @Test func rangesClampTheSurroundingSize() {
        struct Clamped: View {
            var body: some View {
                Text("Pressure 4.5 bar").fixedSize().accessibilityIdentifier("t").dynamicTypeSize(...DynamicTypeSize.xLarge)
            }
        }
        let host = TestHost(rootView: Clamped().dynamicTypeSize(.accessibility3), width: 800, height: 400)
        host.runFrame()
        #expect(host.frame(ofAccessibilityIdentifier: "t")?.size == size(of: Text("Pressure 4.5 bar"), .xLarge))
        #expect(DynamicTypeSize.accessibility1.isAccessibilitySize && !DynamicTypeSize.xxxLarge.isAccessibilitySize)
    }
}
