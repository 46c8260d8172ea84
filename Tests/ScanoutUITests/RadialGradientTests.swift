import Testing
import ScanoutUI
import ScanoutTesting
import ScanoutRaster

/// RadialGradient as a shape style and as a view.
@Suite @MainActor struct RadialGradientTests {
    @Test func theCentreHasTheFirstColourAndTheRimTheLast() {
        let host = TestHost(rootView: HStack(spacing: 0) {
            Circle().fill(RadialGradient(colors: [.white, .black], center: .center, startRadius: 0, endRadius: 50))
                .frame(width: 100, height: 100)
            RadialGradient(colors: [.black, .white], center: .topLeading, startRadius: 0, endRadius: 100)
                .frame(width: 100, height: 100)
        }, width: 200, height: 100)
        host.runFrame()
        #expect(host.pixel(x: 50, y: 50).red > 240)
        let mid = host.pixel(x: 75, y: 50).red  // halfway out: grey
        #expect(mid > 100 && mid < 155, "\(mid)")
        #expect(host.pixel(x: 97, y: 50).red < 30)
        #expect(host.pixel(x: 101, y: 1).red < 15)  // the view: dark at its top-left centre
        #expect(host.pixel(x: 199, y: 99).red > 240)  // beyond the end radius: padded with the last colour
    }
}
