/// The exact-area coverage rasterizer.
///
/// Each line segment (24.8 fixed point) is walked through the pixel cells it crosses. In a cell it adds the
/// signed area to the right of the segment, and the remainder of its height to the next cell, into one dense
/// accumulation buffer (font-rs' formulation, in integers; the same cover/area sums as FreeType's smooth
/// rasterizer and AGG). A prefix sum along a row then yields, at every pixel, twice the covered area in
/// 1/65536ths of a pixel. Pixels whose 8-pixel block no segment touched keep the running sum, so they come
/// out as whole runs without being visited. No floating point, no allocation per span or per pixel; the
/// buffers grow to the largest shape seen and are reused.
final class CellRasterizer {
    /// The per-shape state the per-segment path reads and writes. It lives behind a pointer: as class stored
    /// properties, each access from the hot path cost a dynamic exclusivity check (swift_beginAccess).
    private struct State {
        /// Accumulation cells: `rows * pitch`, zero between uses (the sweep clears what it reads).
        var cells: UnsafeMutablePointer<Int32>
        var cellCapacity = 0
        /// One bit per 8-cell block per row: which blocks any segment touched.
        var touched: UnsafeMutablePointer<UInt64>
        var touchedCapacity = 0
        /// Coverage of the row being swept.
        var coverage: UnsafeMutablePointer<UInt8>
        var coverageCapacity = 0
        var box = IntRect(x: 0, y: 0, width: 0, height: 0)
        var pitch = 0
        var wordsPerRow = 0
        var boxWidthFixed: Int32 = 0
        var boxHeightFixed: Int32 = 0
        var originX: Int32 = 0
        var originY: Int32 = 0
        /// First and last row any segment touched.
        var touchedRowMin = Int.max
        var touchedRowMax = -1
        /// The rows (box-relative) whose coverage is wanted: cells of other rows are never written.
        var rowLo = 0
        var rowHi = 0
    }

    private let state: UnsafeMutablePointer<State>

    /// Cells per block: small enough that an edge does not drag many interior pixels through the per-pixel
    /// sweep, large enough that a row's bits fit in a word or two.
    static let blockShift = 3
    static let blockSize = 1 << blockShift

    var box: IntRect { state.pointee.box }
    private var cells: UnsafeMutablePointer<Int32> { state.pointee.cells }
    private var touched: UnsafeMutablePointer<UInt64> { state.pointee.touched }
    private var coverage: UnsafeMutablePointer<UInt8> { state.pointee.coverage }
    private var pitch: Int { state.pointee.pitch }
    private var wordsPerRow: Int { state.pointee.wordsPerRow }
    private var touchedRowMin: Int {
        get { state.pointee.touchedRowMin }
        set { state.pointee.touchedRowMin = newValue }
    }
    private var touchedRowMax: Int {
        get { state.pointee.touchedRowMax }
        set { state.pointee.touchedRowMax = newValue }
    }

    init() {
        state = .allocate(capacity: 1)
        state.initialize(to: State(cells: .allocate(capacity: 1), touched: .allocate(capacity: 1), coverage: .allocate(capacity: 1)))
    }

    deinit {
        state.pointee.cells.deallocate()
        state.pointee.touched.deallocate()
        state.pointee.coverage.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Reallocates `buffer` (at least doubling) when it holds fewer than `need` elements.
    private static func grow<T: FixedWidthInteger>(_ buffer: inout UnsafeMutablePointer<T>, _ capacity: inout Int,
                                                   to need: Int, zeroed: Bool) {
        guard need > capacity else { return }
        buffer.deallocate()
        capacity = max(need, capacity * 2)
        buffer = .allocate(capacity: capacity)
        if zeroed { buffer.initialize(repeating: 0, count: capacity) }
    }

    /// Starts a shape whose visible part lies in `box` (device pixels, already clipped). With `rows`
    /// (device rows inside the box), only those rows are accumulated and swept: a row's coverage depends only
    /// on that row's cells, and each segment's crossing of a row is computed exactly as when walking it from
    /// its start, so those rows come out identical to rasterizing the whole box.
    func begin(box: IntRect, rows: Range<Int>? = nil) {
        let s = state
        s.pointee.box = box
        if let rows {
            s.pointee.rowLo = max(0, rows.lowerBound - box.y)
            s.pointee.rowHi = min(box.height, rows.upperBound - box.y)
        } else {
            s.pointee.rowLo = 0
            s.pointee.rowHi = box.height
        }
        s.pointee.pitch = box.width + 2  // a segment on the right edge writes to cells w and w+1
        s.pointee.wordsPerRow = (s.pointee.pitch + Self.blockSize * 64 - 1) / (Self.blockSize * 64)
        Self.grow(&s.pointee.cells, &s.pointee.cellCapacity, to: s.pointee.pitch * max(box.height, 0), zeroed: true)
        Self.grow(&s.pointee.touched, &s.pointee.touchedCapacity, to: s.pointee.wordsPerRow * max(box.height, 0), zeroed: true)
        Self.grow(&s.pointee.coverage, &s.pointee.coverageCapacity, to: box.width, zeroed: false)
        s.pointee.originX = Int32(box.x) << 8
        s.pointee.originY = Int32(box.y) << 8
        s.pointee.boxWidthFixed = Int32(box.width) << 8
        s.pointee.boxHeightFixed = Int32(box.height) << 8
        s.pointee.touchedRowMin = Int.max
        s.pointee.touchedRowMax = -1
    }

    /// Adds a segment in device 24.8 coordinates. Parts outside the box are clipped; parts left of it still
    /// count (as a vertical edge on the box's left side), because they cover everything to their right.
    func addLine(_ ax: Int32, _ ay: Int32, _ bx: Int32, _ by: Int32) {
        let o = state.pointee
        var x0 = ax &- o.originX, y0 = ay &- o.originY, x1 = bx &- o.originX, y1 = by &- o.originY
        if y0 == y1 { return }
        let h = o.boxHeightFixed
        if (y0 <= 0 && y1 <= 0) || (y0 >= h && y1 >= h) { return }
        // Nothing in the wanted rows (the clipping below only shortens the segment).
        let lo = Int32(o.rowLo) << 8, hi = Int32(o.rowHi) << 8
        if (y0 <= lo && y1 <= lo) || (y0 >= hi && y1 >= hi) { return }
        // Clip to 0...h vertically.
        if y0 < 0 || y1 < 0 || y0 > h || y1 > h {
            let dx = Int64(x1) - Int64(x0), dy = Int64(y1) - Int64(y0)
            @inline(__always) func xAt(_ y: Int32) -> Int32 {
                Int32(Int64(x0) + dx * (Int64(y) - Int64(y0)) / dy)
            }
            let nx0: Int32, ny0: Int32, nx1: Int32, ny1: Int32
            if y0 < 0 { nx0 = xAt(0); ny0 = 0 } else if y0 > h { nx0 = xAt(h); ny0 = h } else { nx0 = x0; ny0 = y0 }
            if y1 < 0 { nx1 = xAt(0); ny1 = 0 } else if y1 > h { nx1 = xAt(h); ny1 = h } else { nx1 = x1; ny1 = y1 }
            x0 = nx0; y0 = ny0; x1 = nx1; y1 = ny1
            if y0 == y1 { return }
        }
        clipHorizontally(x0, y0, x1, y1)
    }

    private func clipHorizontally(_ x0: Int32, _ y0: Int32, _ x1: Int32, _ y1: Int32) {
        let w = state.pointee.boxWidthFixed
        if x0 >= w && x1 >= w { return }  // only cells right of the box: invisible
        if x0 <= 0 && x1 <= 0 { lineInBox(0, y0, 0, y1); return }
        @inline(__always) func yAt(_ x: Int32) -> Int32 {
            Int32(Int64(y0) + (Int64(y1) - Int64(y0)) * (Int64(x) - Int64(x0)) / (Int64(x1) - Int64(x0)))
        }
        if (x0 < 0) != (x1 < 0) {
            let ym = yAt(0)
            if x0 < 0 {
                lineInBox(0, y0, 0, ym); clipHorizontally(0, ym, x1, y1)
            } else {
                clipHorizontally(x0, y0, 0, ym); lineInBox(0, ym, 0, y1)
            }
            return
        }
        if (x0 > w) != (x1 > w) {
            // The part right of the box is dropped; the rest ends on the right edge.
            let ym = yAt(w)
            if x0 > w { lineInBox(w, ym, x1, y1) } else { lineInBox(x0, y0, w, ym) }
            return
        }
        lineInBox(x0, y0, x1, y1)
    }

    /// Floor division and remainder (`r` in 0..<d) for `d > 0`, as FreeType's FT_DIV_MOD.
    @inline(__always)
    private static func divMod(_ p: Int64, _ d: Int64) -> (q: Int64, r: Int64) {
        var q = p / d, r = p % d
        if r < 0 { q -= 1; r += d }
        return (q, r)
    }

    /// A segment inside the box (box-relative 24.8), walked scanline by scanline from top to bottom. The x
    /// where it crosses each scanline boundary advances by a constant quotient plus an accumulated remainder
    /// (a DDA), so only the first crossing needs a division.
    private func lineInBox(_ ax: Int32, _ ay: Int32, _ bx: Int32, _ by: Int32) {
        // (Wrapping arithmetic throughout: the box bounds every value, so the overflow checks — a test and a
        // branch at each operation of the per-row and per-cell loops — could never fire.)
        if ay == by { return }
        var x0 = ax, y0 = ay, x1 = bx, y1 = by
        var sign: Int32 = 1
        if y0 > y1 { swap(&x0, &x1); swap(&y0, &y1); sign = -1 }
        let row = Int(y0 &>> 8)
        let lastRow = Int((y1 &- 1) &>> 8)
        let first = max(row, state.pointee.rowLo), last = min(lastRow, state.pointee.rowHi &- 1)
        guard first <= last else { return }
        if first < touchedRowMin { touchedRowMin = first }
        if last > touchedRowMax { touchedRowMax = last }
        if row == lastRow {
            cellsInRow(row, x0, y0 &- (Int32(truncatingIfNeeded: row) &<< 8), x1, y1 &- (Int32(truncatingIfNeeded: row) &<< 8), sign)
            return
        }
        let dx = Int64(x1) &- Int64(x0), dy = Int64(y1) &- Int64(y0)
        // The crossing at the top of row `first` + 1 (or, when rows before the wanted ones are skipped, at the
        // top of `first`): x0 + floor(dx * (boundary - y0) / dy) with its remainder, the very value the DDA
        // below reaches when it starts from the segment's first row.
        var k = first
        var xb: Int32
        var r: Int64
        if k == row {
            let firstBoundary = Int32(truncatingIfNeeded: row &+ 1) &<< 8
            let (q, r0) = Self.divMod(dx &* Int64(firstBoundary &- y0), dy)
            xb = x0 &+ Int32(truncatingIfNeeded: q)
            r = r0
            cellsInRow(row, x0, y0 &- (Int32(truncatingIfNeeded: row) &<< 8), xb, 256, sign)
            k &+= 1
        } else {
            let (q, r0) = Self.divMod(dx &* (Int64(k) &* 256 &- Int64(y0)), dy)
            xb = x0 &+ Int32(truncatingIfNeeded: q)
            r = r0
        }
        let (lift, rem) = Self.divMod(dx &* 256, dy)
        let lift32 = Int32(truncatingIfNeeded: lift)
        while k <= last {
            if k == lastRow {
                cellsInRow(k, xb, 0, x1, y1 &- (Int32(truncatingIfNeeded: k) &<< 8), sign)
                break
            }
            var xn = xb &+ lift32
            r &+= rem
            if r >= dy { r &-= dy; xn &+= 1 }
            cellsInRow(k, xb, 0, xn, 256, sign)
            xb = xn
            k &+= 1
        }
    }

    /// Distributes one scanline's piece of a segment over the cells it crosses.
    @inline(__always)
    private func cellsInRow(_ row: Int, _ xa: Int32, _ fya: Int32, _ xb: Int32, _ fyb: Int32, _ sign: Int32) {
        let rowCells = cells + row &* pitch
        let ca = Int(xa &>> 8), cb = Int(xb &>> 8)
        markTouched(row, min(ca, cb), max(ca, cb) &+ 1)
        if ca == cb {
            let base = Int32(truncatingIfNeeded: ca) &<< 8
            addCell(rowCells, ca, sign &* (fyb &- fya), xa &- base, xb &- base)
            return
        }
        // Walk left to right; a piece's height is signed in the segment's own direction.
        let xl: Int32, yl: Int32, xr: Int32, yr: Int32, s: Int32
        if xa < xb { xl = xa; yl = fya; xr = xb; yr = fyb; s = sign } else { xl = xb; yl = fyb; xr = xa; yr = fya; s = 0 &- sign }
        let dxw = Int64(xr) &- Int64(xl), dyw = Int64(yr) &- Int64(yl)
        var c = Int(xl &>> 8)
        let last = Int(xr &>> 8)
        // First boundary by division, then a DDA across the remaining cells.
        var (q, r) = Self.divMod(dyw &* Int64((Int32(truncatingIfNeeded: c &+ 1) &<< 8) &- xl), dxw)
        var y = yl &+ Int32(truncatingIfNeeded: q)
        addCell(rowCells, c, s &* (y &- yl), xl &- (Int32(truncatingIfNeeded: c) &<< 8), 256)
        c &+= 1
        if c < last {
            let (lift, rem) = Self.divMod(dyw &* 256, dxw)
            let lift32 = Int32(truncatingIfNeeded: lift)
            while c < last {
                var yn = y &+ lift32
                r &+= rem
                if r >= dxw { r &-= dxw; yn &+= 1 }
                addCell(rowCells, c, s &* (yn &- y), 0, 256)
                y = yn
                c &+= 1
            }
        }
        addCell(rowCells, last, s &* (yr &- y), 0, xr &- (Int32(truncatingIfNeeded: last) &<< 8))
    }

    /// Marks the blocks holding cells `from...to` of a row as touched.
    @inline(__always)
    private func markTouched(_ row: Int, _ from: Int, _ to: Int) {
        let rowBits = touched + row &* wordsPerRow
        var b = from &>> Self.blockShift
        let e = to &>> Self.blockShift
        while b <= e {
            rowBits[b &>> 6] |= 1 &<< UInt64(truncatingIfNeeded: b & 63)
            b &+= 1
        }
    }

    @inline(__always)
    private func addCell(_ rowCells: UnsafeMutablePointer<Int32>, _ c: Int, _ dy: Int32, _ fx0: Int32, _ fx1: Int32) {
        let area = dy &* (fx0 &+ fx1)
        rowCells[c] &+= dy &* 512 &- area
        rowCells[c + 1] &+= area
    }

    @inline(__always)
    private static func nonZeroAlpha(_ acc: Int32) -> UInt8 {
        let a = acc < 0 ? 0 &- acc : acc
        let v = (a &+ 256) &>> 9
        return UInt8(truncatingIfNeeded: v > 255 ? 255 : v)
    }

    @inline(__always)
    private static func evenOddAlpha(_ acc: Int32) -> UInt8 {
        var a = (acc < 0 ? 0 &- acc : acc) & 0x3FFFF
        if a > 0x20000 { a = 0x40000 &- a }
        let v = (a &+ 256) &>> 9
        return UInt8(truncatingIfNeeded: v > 255 ? 255 : v)
    }

    @inline(__always)
    private static func bit(_ bits: UnsafeMutablePointer<UInt64>, _ b: Int) -> Bool {
        bits[b >> 6] & (1 << UInt64(b & 63)) != 0
    }

    /// The first block at or after `from` whose touched bit equals `touched` (or a value past the row).
    @inline(__always)
    private static func nextBlock(_ bits: UnsafeMutablePointer<UInt64>, from: Int, words: Int, touched: Bool) -> Int {
        var wi = from >> 6
        guard wi < words else { return words << 6 }
        var word = touched ? bits[wi] : ~bits[wi]
        word &= ~0 << UInt64(from & 63)
        while word == 0 {
            wi += 1
            if wi >= words { return words << 6 }
            word = touched ? bits[wi] : ~bits[wi]
        }
        return (wi << 6) + word.trailingZeroBitCount
    }

    /// A span to the sink, out of line: inlined into the sweep's loop, the blitter's clipping and addressing
    /// were hoisted to the loop's head and spilled, costing every run of blocks more than a call costs a span.
    @inline(never)
    private static func send<S: CoverageSink>(_ sink: inout S, x: Int, y: Int, count: Int, coverage: UnsafeMutablePointer<UInt8>) {
        sink.blendSpan(x: x, y: y, count: count, coverage: UnsafePointer(coverage))
    }

    /// A run to the sink, out of line for the same reason.
    @inline(never)
    private static func send<S: CoverageSink>(_ sink: inout S, x: Int, y: Int, count: Int, alpha: UInt8) {
        sink.blendRun(x: x, y: y, count: count, alpha: alpha)
    }

    /// Turns the accumulated cells into spans, clearing the buffers for the next shape.
    /// `vectors`: non-zero coverage four cells at a time (an unoptimized build goes one by one: see
    /// `SpanBlender.vectorsByDefault`; both give the same coverage).
    func sweep<S: CoverageSink>(_ rule: FillRule, into sink: inout S, vectors: Bool = SpanBlender.vectorsByDefault) {
        switch rule {
        case .nonZero: sweep(into: &sink, vectors: vectors, Self.nonZeroAlpha)
        case .evenOdd: sweep(into: &sink, vectors: false, Self.evenOddAlpha)
        }
    }

    @inline(__always)
    private func sweep<S: CoverageSink>(into sink: inout S, vectors: Bool, _ alpha: (Int32) -> UInt8) {
        guard touchedRowMax >= 0 else { return }
        // Locals, not properties, in the loop: no exclusivity checks per row.
        let cells = self.cells, touched = self.touched, coverage = self.coverage
        let pitch = self.pitch, wordsPerRow = self.wordsPerRow, box = self.box
        let w = box.width
        let shift = Self.blockShift
        let blocks = (w + Self.blockSize - 1) >> shift
        for row in touchedRowMin...touchedRowMax {
            let rowCells = cells + row &* pitch
            let rowBits = touched + row &* wordsPerRow
            let y = box.y &+ row
            var sum: Int32 = 0
            var b = 0
            while b < blocks {
                let isTouched = Self.bit(rowBits, b)
                let e = min(Self.nextBlock(rowBits, from: b &+ 1, words: wordsPerRow, touched: !isTouched), blocks)
                let x0 = b &<< shift, x1 = min(e &<< shift, w)
                if isTouched {
                    var x = x0
                    if vectors {
                        // Four cells at a time (non-zero rule): their running sums by shifted additions (a prefix
                        // sum in the vector), then the coverage of all four at once, as `nonZeroAlpha` gives it.
                        var carry = SIMD4<Int32>(repeating: sum)
                        let upperPair = SIMD4<Int32>(0, 0, -1, -1)
                        while x &+ 4 <= x1 {
                            let p = UnsafeMutableRawPointer(rowCells + x)
                            var v = p.loadUnaligned(as: SIMD4<Int32>.self)
                            p.storeBytes(of: SIMD4<Int32>(), as: SIMD4<Int32>.self)
                            // [a, b, c, d] → [a, a+b, c, c+d] (each lane moved up within its 64 bits) → + a+b on
                            // the upper pair → + the sum so far.
                            v &+= unsafeBitCast(unsafeBitCast(v, to: SIMD2<UInt64>.self) &<< 32, to: SIMD4<Int32>.self)
                            v &+= SIMD4(repeating: v[1]) & upperPair
                            v &+= carry
                            carry = SIMD4(repeating: v[3])
                            let a = v.replacing(with: 0 &- v, where: v .< 0)
                            let q = (a &+ 256) &>> 9
                            let c = SIMD4<UInt8>(truncatingIfNeeded: q.replacing(with: 255, where: q .> 255))
                            UnsafeMutableRawPointer(coverage + x).storeBytes(of: c, as: SIMD4<UInt8>.self)
                            x &+= 4
                        }
                        sum = carry[0]
                    }
                    while x < x1 {
                        sum &+= rowCells[x]
                        rowCells[x] = 0
                        coverage[x] = alpha(sum)
                        x &+= 1
                    }
                    Self.send(&sink, x: box.x &+ x0, y: y, count: x1 &- x0, coverage: coverage + x0)
                } else {
                    let a = alpha(sum)
                    if a != 0 { Self.send(&sink, x: box.x &+ x0, y: y, count: x1 &- x0, alpha: a) }
                }
                b = e
            }
            // Cells past the right edge are never swept but must be left clean.
            rowCells[w] = 0
            rowCells[w + 1] = 0
            rowBits[0] = 0
            var i = 1
            while i < wordsPerRow { rowBits[i] = 0; i += 1 }
        }
        touchedRowMin = Int.max
        touchedRowMax = -1
    }
}
