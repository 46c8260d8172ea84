import XCTest
@testable import ScanoutRender
import GoldenImages

/// Damage tracking and buffer-age presentation.
final class DamageTests: XCTestCase, @unchecked Sendable {
    func label(_ s: String, at y: Double, owner: UInt64, into list: inout DisplayList) {
        list.currentOwner = owner
        let font = FontDescriptor(size: 16)
        list.append(.text(TextRun(string: s, font: font, origin: Point(x: 20, y: y), color: .black,
                                  frame: Rect(x: 20, y: y - 15, width: 100, height: 19))))
    }

    func screen(labels: [String], opacity: Double = 1, offset: Double = 0) -> DisplayList {
        var list = DisplayList()
        list.currentOwner = 1
        list.append(.fill(Path(Rect(x: 0, y: 0, width: 300, height: 200)), .solid(RGBA(argb: 0xFF203040)), FillStyle()))
        for (i, s) in labels.enumerated() { label(s, at: 30 + Double(i) * 24, owner: UInt64(10 + i), into: &list) }
        list.currentOwner = 2
        list.append(.pushTransform(AffineTransform(translationX: offset, y: 0)))
        list.append(.pushOpacity(opacity))
        list.append(.fill(Path(ellipseIn: Rect(x: 200, y: 120, width: 60, height: 60)), .solid(RGBA(argb: 0xFFE01E5A)), FillStyle()))
        list.append(.pop)
        list.append(.pop)
        return list
    }

    @MainActor func testChangingOneLabelDamagesOnlyItsBounds() async {
        let c = FrameCompositor(width: 300, height: 200)
        let first = c.render(screen(labels: ["alpha", "beta", "gamma"]), background: .white)
        XCTAssertEqual(first.rects, [IntRect(x: 0, y: 0, width: 300, height: 200)], "the first frame is all damage")
        let d = c.render(screen(labels: ["alpha", "BETA!", "gamma"]), background: .white)
        XCTAssertEqual(d.rects.count, 1)
        let r = d.bounds
        // The second label's line box (y 39...58) grown by its overhang margin, nothing else.
        XCTAssertTrue(r.minY >= 39 - 7 && r.maxY <= 58 + 7, "\(d)")
        XCTAssertTrue(r.minX >= 20 - 7 && r.maxX <= 120 + 7, "\(d)")
        XCTAssertEqual(c.lastRepaintedArea, r.width * r.height)
    }

    /// A list carrying edits against the revision the compositor last saw: only the edited ranges are
    /// compared, and the damage is the same as a whole-list comparison gives.
    @MainActor func testEditsAgainstTheLastRevisionAreComparedAlone() async {
        func revised(_ list: DisplayList, _ number: Int, _ edits: [DisplayList.Edit]?) -> DisplayList {
            var l = list
            l.revision = DisplayList.Revision(source: 7, number: number)
            l.edits = edits
            return l
        }
        let incremental = FrameCompositor(width: 300, height: 200), whole = FrameCompositor(width: 300, height: 200)
        let a = screen(labels: ["alpha", "beta", "gamma"]), b = screen(labels: ["alpha", "BETA!!", "gamma"])
        incremental.render(revised(a, 1, nil), background: .white)
        whole.render(a, background: .white)
        // Item 2 is the second label (item 0 the background, item 1 the first label).
        let d = incremental.render(revised(b, 2, [DisplayList.Edit(old: 2..<3, new: 2..<3)]), background: .white)
        XCTAssertTrue(incremental.lastDamageWasIncremental)
        XCTAssertEqual(d, whole.render(b, background: .white))
        XCTAssertFalse(whole.lastDamageWasIncremental)
        XCTAssertEqual(memcmp(incremental.composition.baseAddress, whole.composition.baseAddress, 300 * 200 * 4), 0,
                       "the incremental frame equals the whole-list one")

        // An edit list that leaves a changed item out is trusted (that is the point: nothing else is compared).
        let c = screen(labels: ["alpha", "BETA!!", "delta"])
        XCTAssertTrue(incremental.render(revised(c, 3, []), background: .white).isEmpty)
        // A revision the compositor did not see (one was skipped) is compared as a whole (with the items it
        // believes are on screen: b's, the edits having been trusted).
        let e = incremental.render(revised(a, 5, []), background: .white)
        XCTAssertFalse(incremental.lastDamageWasIncremental)
        XCTAssertFalse(e.isEmpty)
        XCTAssertEqual(e, whole.render(a, background: .white))
    }

    @MainActor func testUnchangedFrameHasNoDamageAndRepaintsNothing() async {
        let c = FrameCompositor(width: 300, height: 200)
        c.render(screen(labels: ["a", "b"]), background: .white)
        let d = c.render(screen(labels: ["a", "b"]), background: .white)
        XCTAssertTrue(d.isEmpty)
        XCTAssertEqual(c.lastRepaintedArea, 0)
        let target = PixelBuffer(width: 300, height: 200, format: .xrgb8888)
        XCTAssertTrue(c.present(into: target, age: 1).isEmpty, "a buffer one frame old needs nothing")
    }

    @MainActor func testGroupOpacityAndMovesDamageTheGroup() async {
        let c = FrameCompositor(width: 300, height: 200)
        c.render(screen(labels: ["a"]), background: .white)
        let faded = c.render(screen(labels: ["a"], opacity: 0.5), background: .white)
        XCTAssertTrue(faded.bounds.minX >= 198 && faded.bounds.maxX <= 262, "\(faded)")
        let moved = c.render(screen(labels: ["a"], opacity: 0.5, offset: -50), background: .white)
        XCTAssertTrue(moved.bounds.minX >= 148 && moved.bounds.maxX <= 262 && moved.bounds.minX <= 151, "old and new: \(moved)")
    }

    /// As the app runner does it: a frame whose render has no damage is not presented (and ages no buffer).
    /// The buffer shown after it must still get the damage of the frames it missed.
    @MainActor func testUnpresentedFramesDoNotHideOlderDamage() async {
        let frames: [DisplayList] = [
            screen(labels: ["one", "two", "three"]),
            screen(labels: ["one", "PRESSED", "three"]),
            screen(labels: ["one", "released", "three"]),
            screen(labels: ["one", "released", "three"]),  // unchanged: not presented
            screen(labels: ["one", "released", "three"]),  // unchanged: not presented
            screen(labels: ["one", "released", "3"]),
        ]
        for count in [2, 3] {
            let c = FrameCompositor(width: 300, height: 200)
            let buffers = (0..<count).map { _ in PixelBuffer(width: 300, height: 200, format: .xrgb8888) }
            var lastPresented = [Int?](repeating: nil, count: count)
            var presents = 0
            for (n, list) in frames.enumerated() {
                guard !c.render(list, background: .white).isEmpty else { continue }
                let b = presents % count
                let age = lastPresented[b].map { presents - $0 } ?? 0
                c.present(into: buffers[b], age: age)
                lastPresented[b] = presents
                presents += 1
                let full = PixelBuffer(width: 300, height: 200, format: .xrgb8888)
                DisplayListRenderer(target: full).render(list, background: .white)
                let diff = GoldenImage.difference(buffers[b], full, over: 0)
                XCTAssertEqual(diff.pixelsOver, 0, "\(count) buffers, frame \(n): \(diff.pixelsOver) pixels differ from a full repaint")
            }
            XCTAssertEqual(presents, 4)
        }
    }

    /// A sequence of frames presented into 2 or 3 rotating display buffers with their buffer age: every buffer,
    /// when shown, equals a full repaint of that frame.
    @MainActor func testBufferAgeRepaintEqualsFullRepaint() async {
        let frames: [DisplayList] = [
            screen(labels: ["one", "two", "three"]),
            screen(labels: ["one", "2", "three"]),
            screen(labels: ["one", "2", "three"], opacity: 0.4),
            screen(labels: ["uno", "2", "three"], opacity: 0.4, offset: -30),
            screen(labels: ["uno", "2", "three"], opacity: 0.4, offset: -30),
            screen(labels: ["uno", "2"], opacity: 1, offset: -80),
            screen(labels: ["uno", "dos", "tres"], opacity: 1, offset: 0),
        ]
        for count in [2, 3] {
            let c = FrameCompositor(width: 300, height: 200)
            let buffers = (0..<count).map { _ in PixelBuffer(width: 300, height: 200, format: .xrgb8888) }
            var lastDrawn = [Int?](repeating: nil, count: count)
            for (n, list) in frames.enumerated() {
                c.render(list, background: .white)
                let b = n % count
                let age = lastDrawn[b].map { n - $0 } ?? 0
                c.present(into: buffers[b], age: age)
                lastDrawn[b] = n
                let full = PixelBuffer(width: 300, height: 200, format: .xrgb8888)
                DisplayListRenderer(target: full).render(list, background: .white)
                let diff = GoldenImage.difference(buffers[b], full, over: 0)
                XCTAssertEqual(diff.pixelsOver, 0, "\(count) buffers, frame \(n): \(diff.pixelsOver) pixels differ from a full repaint")
            }
        }
    }

    /// Band compositing straight into the display buffers (2 and 3 of them, by buffer age, bands of 8 rows so
    /// that shapes and labels straddle bands): every buffer equals a full repaint of its frame.
    @MainActor func testBandCompositingByBufferAgeEqualsAFullRepaint() async {
        let frames: [DisplayList] = [
            screen(labels: ["one", "two", "three"]),
            screen(labels: ["one", "2", "three"]),
            screen(labels: ["one", "2", "three"], opacity: 0.4),
            screen(labels: ["uno", "2", "three"], opacity: 0.4, offset: -30),
            screen(labels: ["uno", "2", "three"], opacity: 0.4, offset: -30),
            screen(labels: ["uno", "2"], opacity: 1, offset: -80),
            screen(labels: ["uno", "dos", "tres"], opacity: 1, offset: 0),
        ]
        for count in [2, 3] {
            let c = FrameCompositor(width: 300, height: 200)
            c.bandBytes = 300 * 4 * 8
            let buffers = (0..<count).map { _ in PixelBuffer(width: 300, height: 200, format: .xrgb8888) }
            var lastDrawn = [Int?](repeating: nil, count: count)
            for (n, list) in frames.enumerated() {
                let b = n % count
                let age = lastDrawn[b].map { n - $0 } ?? 0
                let damage = c.render(list, background: .white, into: buffers[b], age: age)
                lastDrawn[b] = n
                if n == 4 { XCTAssertTrue(damage.isEmpty, "frame 4 repeats frame 3") }
                if age > 0 { XCTAssertLessThan(c.lastRepaintedArea, 300 * 200, "\(count) buffers, frame \(n): only the region the buffer lacks") }
                let full = PixelBuffer(width: 300, height: 200, format: .xrgb8888)
                DisplayListRenderer(target: full).render(list, background: .white)
                let diff = GoldenImage.difference(buffers[b], full, over: 0)
                XCTAssertEqual(diff.pixelsOver, 0, "\(count) buffers, frame \(n): \(diff.pixelsOver) pixels differ from a full repaint")
            }
        }
    }
}
