/// The spans one sweep of a whole shape produced (runs of constant coverage, and spans with their coverage
/// bytes), kept so that repainting part of an unchanged shape replays the rows it needs — the very calls the
/// rasterizer would make, so the pixels are identical — instead of accumulating and sweeping cells again.
struct SweepRecording {
    struct Op {
        var x: Int32
        var y: Int32
        var count: Int32
        /// Where the span's coverage starts in `coverage`; -1 for a run of `alpha`.
        var offset: Int32
        var alpha: UInt8
    }

    /// The shape's box (device pixels) and fill rule the recording was made for.
    var box = IntRect(x: 0, y: 0, width: 0, height: 0)
    var rule = FillRule.nonZero
    var isValid = false
    var ops: [Op] = []
    var coverage: [UInt8] = []
    /// Index of the first op of each row of the box, and one past the last row's.
    var rowStarts: [Int32] = []

    mutating func invalidate() { isValid = false }

    /// Finishes a recording whose ops were appended in row order.
    mutating func indexRows() {
        rowStarts.removeAll(keepingCapacity: true)
        var i = 0
        for row in 0...box.height {
            let y = box.y + row
            while i < ops.count && Int(ops[i].y) < y { i += 1 }
            rowStarts.append(Int32(i))
        }
        isValid = true
    }

    /// Replays the rows `rows` (device rows inside the box) into `sink`.
    func replay<S: CoverageSink>(rows: Range<Int>, into sink: inout S) {
        let lo = max(rows.lowerBound, box.minY) - box.y, hi = min(rows.upperBound, box.maxY) - box.y
        guard lo < hi else { return }
        coverage.withUnsafeBufferPointer { cov in
            ops.withUnsafeBufferPointer { ops in
                for i in Int(rowStarts[lo])..<Int(rowStarts[hi]) {
                    let op = ops[i]
                    if op.offset < 0 {
                        sink.blendRun(x: Int(op.x), y: Int(op.y), count: Int(op.count), alpha: op.alpha)
                    } else {
                        sink.blendSpan(x: Int(op.x), y: Int(op.y), count: Int(op.count), coverage: cov.baseAddress! + Int(op.offset))
                    }
                }
            }
        }
    }
}

/// Appends what a sweep produces to a recording's storage (swapped in and out, so appending never copies it).
struct RecordingSink: CoverageSink {
    var ops: [SweepRecording.Op]
    var coverage: [UInt8]

    mutating func blendRun(x: Int, y: Int, count: Int, alpha: UInt8) {
        ops.append(SweepRecording.Op(x: Int32(x), y: Int32(y), count: Int32(count), offset: -1, alpha: alpha))
    }

    mutating func blendSpan(x: Int, y: Int, count: Int, coverage c: UnsafePointer<UInt8>) {
        ops.append(SweepRecording.Op(x: Int32(x), y: Int32(y), count: Int32(count), offset: Int32(coverage.count), alpha: 0))
        coverage.append(contentsOf: UnsafeBufferPointer(start: c, count: count))
    }
}
