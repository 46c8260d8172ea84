import Testing
import ScanoutUI
import ScanoutTesting
import ScanoutRender

/// `scrollClipDisabled`, `contentMargins`, `safeAreaPadding` and `scrollBounceBehavior` on scroll views.
@MainActor
struct ScrollContentMarginTests {
    private let white = RGBA(red: 255, green: 255, blue: 255), red = RGBA(red: 255, green: 0, blue: 0)

    @Test func aScrollViewWithoutClipDrawsPastItsFrame() {
        func pixel(clipDisabled: Bool) -> RGBA {
            let host = TestHost(rootView: VStack(spacing: 0) {
                Color.white.frame(height: 40)
                ScrollView { Color(red: 1, green: 0, blue: 0).frame(width: 100, height: 40).offset(y: -30) }
                    .frame(height: 60)
                    .scrollClipDisabled(clipDisabled)
                Spacer(minLength: 0)
            }.frame(width: 100, height: 200), width: 100, height: 200)
            host.runFrame()
            return host.pixel(x: 50, y: 20)
        }
        #expect(pixel(clipDisabled: false) == white, "clipped to the scroll view")
        #expect(pixel(clipDisabled: true) == red, "drawn past its top")
    }

    @Test func contentMarginsInsetTheContentAndScrollWithIt() {
        let host = TestHost(rootView: ScrollView {
            VStack(spacing: 0) {
                Color(red: 1, green: 0, blue: 0).frame(height: 300)
                Color(red: 0, green: 0, blue: 1).frame(height: 300)
            }
        }
        .contentMargins(.top, 50)
        .contentMargins(.horizontal, 20, for: .scrollIndicators)
        .frame(width: 100, height: 200), width: 100, height: 200)
        host.runFrame()
        #expect(host.pixel(x: 50, y: 25) == white, "the margin above the content")
        #expect(host.pixel(x: 50, y: 75) == red)
        #expect(host.pixel(x: 5, y: 75) == red, "indicator margins do not inset the content")
        host.drag(fromX: 50, fromY: 150, toX: 50, toY: 50, steps: 10)
        host.runFrame()
        #expect(host.pixel(x: 50, y: 25) == red, "the margin scrolled away with the content")
        let plain = TestHost(rootView: ScrollView { Color(red: 1, green: 0, blue: 0).frame(height: 300) }
            .contentMargins(16, for: .scrollContent).frame(width: 100, height: 200), width: 100, height: 200)
        plain.runFrame()
        #expect(plain.pixel(x: 8, y: 100) == white && plain.pixel(x: 50, y: 8) == white && plain.pixel(x: 50, y: 100) == red)
    }

    @Test func safeAreaPaddingPadsAndBounceIsAccepted() {
        let padded = TestHost(rootView: Color(red: 1, green: 0, blue: 0).safeAreaPadding(.horizontal, 30)
            .scrollBounceBehavior(.basedOnSize).frame(width: 100, height: 100), width: 100, height: 100)
        padded.runFrame()
        #expect(padded.pixel(x: 10, y: 50) == white && padded.pixel(x: 50, y: 50) == red && padded.pixel(x: 90, y: 50) == white)
        let all = TestHost(rootView: Color(red: 1, green: 0, blue: 0).safeAreaPadding(10).frame(width: 100, height: 100),
                           width: 100, height: 100)
        all.runFrame()
        #expect(all.pixel(x: 5, y: 5) == white && all.pixel(x: 15, y: 15) == red)
    }
}
