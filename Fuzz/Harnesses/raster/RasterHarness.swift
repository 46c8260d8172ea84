import FuzzInput
import ScanoutRaster

/// The rasterizer from arbitrary bytes: a program of path building, transforms, clips, paints, fills, strokes,
/// dashes and image draws, with any `Double` (NaN, infinities, 1e300, denormals) anywhere. Every call must
/// return, in bounded time and memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRaster(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    var program = RasterProgram(&input)
    program.run(&input)
    return 0
}

struct RasterProgram {
    let canvas: Canvas
    let image: PixelBuffer
    let outline = ShapeOutline()
    let masks = MaskRasterizer()
    var path = Path()

    init(_ input: inout FuzzInput) {
        let formats: [PixelFormat] = [.argb8888, .xrgb8888, .rgb565]
        canvas = Canvas(target: PixelBuffer(width: 48, height: 32, format: formats[input.int(below: 3)]))
        canvas.geometryIssue = { _ in }
        image = PixelBuffer(width: 3, height: 2)
        Canvas(target: image).clear(RGBA(red: 200, green: 40, blue: 90, alpha: 180))
    }

    /// The 48x32 canvas, and as far outside it as a mask can be drawn (offsets of -128...127).
    static let maskBounds = IntRect(x: -128, y: -128, width: 48 + 256, height: 32 + 256)

    func point(_ input: inout FuzzInput) -> Point { Point(x: input.double(), y: input.double()) }
    func rect(_ input: inout FuzzInput) -> Rect {
        Rect(x: input.double(), y: input.double(), width: input.double(), height: input.double())
    }
    func transform(_ input: inout FuzzInput) -> AffineTransform {
        AffineTransform(a: input.double(), b: input.double(), c: input.double(), d: input.double(),
                        tx: input.double(), ty: input.double())
    }
    func color(_ input: inout FuzzInput) -> RGBA {
        RGBA(red: input.byte(), green: input.byte(), blue: input.byte(), alpha: input.byte())
    }

    func gradient(_ input: inout FuzzInput) -> Gradient {
        var stops: [Gradient.Stop] = []
        for _ in 0..<input.int(below: 5) { stops.append(Gradient.Stop(color: color(&input), location: input.double())) }
        return Gradient(stops: stops)
    }

    func paint(_ input: inout FuzzInput) -> Paint {
        let spreads: [SpreadMethod] = [.pad, .repeat, .reflect]
        switch input.int(below: 4) {
        case 0: return .solid(color(&input))
        case 1:
            return .linearGradient(LinearGradient(gradient: gradient(&input), startPoint: point(&input),
                                                  endPoint: point(&input), spread: spreads[input.int(below: 3)]))
        case 2:
            return .radialGradient(RadialGradient(gradient: gradient(&input), center: point(&input),
                                                  startRadius: input.double(), endRadius: input.double(),
                                                  spread: spreads[input.int(below: 3)]))
        default:
            let extends: [ImageExtend] = [.none, .pad, .repeat]
            return .image(ImagePattern(image: image, transform: transform(&input),
                                       filter: input.bool() ? .bilinear : .nearest, extend: extends[input.int(below: 3)]))
        }
    }

    func strokeStyle(_ input: inout FuzzInput) -> StrokeStyle {
        let caps: [LineCap] = [.butt, .round, .square], joins: [LineJoin] = [.miter, .round, .bevel]
        var dash: [Double] = []
        for _ in 0..<input.int(below: 5) { dash.append(input.double()) }
        return StrokeStyle(lineWidth: input.double(), lineCap: caps[input.int(below: 3)], lineJoin: joins[input.int(below: 3)],
                           miterLimit: input.double(), dash: dash, dashPhase: input.double())
    }

    mutating func run(_ input: inout FuzzInput) {
        var steps = 0
        // Bounded work per input: a path of at most a few hundred elements, a few dozen draws.
        while !input.isAtEnd && steps < 256 {
            steps += 1
            switch input.int(below: 26) {
            case 0: path.move(to: point(&input))
            case 1: path.addLine(to: point(&input))
            case 2: path.addQuadCurve(to: point(&input), control: point(&input))
            case 3: path.addCurve(to: point(&input), control1: point(&input), control2: point(&input))
            case 4: path.addArc(center: point(&input), radius: input.double(), startAngle: .radians(input.double()),
                                sweep: .radians(input.double()))
            case 5: path.addArc(center: point(&input), radius: input.double(), startAngle: .radians(input.double()),
                                endAngle: .radians(input.double()), clockwise: input.bool())
            case 6: path.closeSubpath()
            case 7: path.addRect(rect(&input))
            case 8: path.addRoundedRect(in: rect(&input), cornerWidth: input.double(), cornerHeight: input.double())
            case 9: path.addEllipse(in: rect(&input))
            case 10: canvas.fill(path, with: paint(&input), style: FillStyle(eoFill: input.bool(), antialiased: input.bool()))
            case 11: canvas.stroke(path, with: paint(&input), style: strokeStyle(&input))
            case 12: canvas.transform = transform(&input)
            case 13:
                switch input.int(below: 3) {
                case 0: canvas.transform = canvas.transform.rotated(by: .radians(input.double()))
                case 1: canvas.transform = canvas.transform.scaledBy(x: input.double(), y: input.double())
                default: canvas.transform = canvas.transform.translatedBy(x: input.double(), y: input.double())
                }
            case 14:
                canvas.clip(to: IntRect(x: Int(Int8(bitPattern: input.byte())), y: Int(Int8(bitPattern: input.byte())),
                                        width: Int(input.byte()), height: Int(input.byte())))
            // Masks are made within the canvas and the offsets they are drawn at, as a clip or a shadow is: without
            // `within`, one mask may be `MaskRasterizer.maximumPixels` (64 MiB, allowed), and a 72-byte program
            // making such masks one after another ran for a minute under AddressSanitizer (a libFuzzer timeout in CI;
            // Corpus/raster/regression-many-huge-masks, now 0.07 s). The size limit itself is tested in
            // MaskSizeLimitTests.
            case 15: canvas.clipMask = masks.mask(for: path, transform: canvas.transform,
                                                  fillRule: input.bool() ? .evenOdd : .nonZero, within: Self.maskBounds)
            case 16: canvas.resetClip()
            case 17: canvas.opacity = input.double()
            case 18: canvas.blendMode = [BlendMode.normal, .copy, .clear][input.int(below: 3)]
            case 19: canvas.fill(rect(&input), with: paint(&input))
            case 20: canvas.draw(image, in: rect(&input), filter: input.bool() ? .bilinear : .nearest)
            case 21: canvas.draw(image, transform: transform(&input), filter: input.bool() ? .bilinear : .nearest)
            case 22: canvas.fill(path, with: paint(&input), style: FillStyle(eoFill: input.bool()), reusing: outline)
            case 23: canvas.stroke(path, with: paint(&input), style: strokeStyle(&input), reusing: outline)
            case 24: path = Path()
            default:
                let mask = masks.mask(for: path, transform: canvas.transform, within: Self.maskBounds)
                canvas.draw(mask, at: Int(Int8(bitPattern: input.byte())), Int(Int8(bitPattern: input.byte())), color: color(&input))
            }
        }
    }
}
