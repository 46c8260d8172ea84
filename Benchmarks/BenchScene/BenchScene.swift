/// The kiosk-dashboard benchmark scene (the spec is the docstring of the shared bench's `gen_scene.py`):
/// parsed from its one-op-per-line text form, so the benchmark and the golden test draw the same thing.
import ScanoutRaster

public struct BenchScene: Sendable {
    public struct RoundedRect: Sendable { public var x, y, w, h, r: Double; public var fill, stroke: UInt32; public var strokeWidth: Double }
    public struct Ring: Sendable { public var cx, cy, r, strokeWidth: Double; public var track, color: UInt32; public var start, sweep: Double }
    public struct Label: Sendable { public var x, y: Double; public var size: Double; public var color: UInt32; public var text: String }
    public struct Damage: Sendable {
        public var rect: IntRect
        public var ring: Int, label: Int
        public var sweepB: Double
        public var textB: String
    }

    public var width = 0, height = 0
    public var backgroundStart = Point.zero, backgroundEnd = Point.zero
    public var backgroundColors: (UInt32, UInt32) = (0, 0)
    public var cards: [RoundedRect] = []
    public var rings: [Ring] = []
    public var polyline: [Point] = []
    public var polylineColor: UInt32 = 0
    public var polylineWidth = 1.0
    public var imageRect = Rect(x: 0, y: 0, width: 0, height: 0)
    public var labels: [Label] = []
    public var damage = Damage(rect: IntRect(x: 0, y: 0, width: 0, height: 0), ring: 0, label: 0, sweepB: 0, textB: "")

    public struct ParseError: Error, CustomStringConvertible {
        public var line: Int
        public var text: String
        public var description: String { "bench scene line \(line) is malformed: \(text)" }
    }

    /// Parses `scene_<W>x<H>.txt`.
    public init(text: String) throws {
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
            let f = raw.split(separator: " ", omittingEmptySubsequences: true)
            guard let op = f.first else { continue }
            func d(_ i: Int) throws -> Double {
                guard i < f.count, let v = Double(f[i]) else { throw ParseError(line: n + 1, text: String(raw)) }
                return v
            }
            func hex(_ i: Int) throws -> UInt32 {
                guard i < f.count, let v = UInt32(f[i], radix: 16) else { throw ParseError(line: n + 1, text: String(raw)) }
                return v
            }
            func rest(from i: Int) -> String { f.count > i ? f[i...].joined(separator: " ") : "" }
            switch op {
            case "size":
                width = Int(try d(1)); height = Int(try d(2))
            case "bg":
                backgroundStart = Point(x: try d(1), y: try d(2))
                backgroundEnd = Point(x: try d(3), y: try d(4))
                backgroundColors = (try hex(5), try hex(6))
            case "rrect":
                cards.append(RoundedRect(x: try d(1), y: try d(2), w: try d(3), h: try d(4), r: try d(5),
                                         fill: try hex(6), stroke: try hex(7), strokeWidth: try d(8)))
            case "ring":
                rings.append(Ring(cx: try d(1), cy: try d(2), r: try d(3), strokeWidth: try d(4), track: try hex(5),
                                  color: try hex(6), start: try d(7), sweep: try d(8)))
            case "poly":
                let count = Int(try d(1))
                polylineColor = try hex(2)
                polylineWidth = try d(3)
                polyline = try (0..<count).map { Point(x: try d(4 + 2 * $0), y: try d(5 + 2 * $0)) }
            case "image":
                imageRect = Rect(x: try d(1), y: try d(2), width: try d(3), height: try d(4))
            case "text":
                labels.append(Label(x: try d(1), y: try d(2), size: try d(3), color: try hex(4), text: rest(from: 5)))
            case "damage":
                damage = Damage(rect: IntRect(x: Int(try d(1)), y: Int(try d(2)), width: Int(try d(3)), height: Int(try d(4))),
                                ring: Int(try d(5)), label: Int(try d(6)), sweepB: try d(7), textB: rest(from: 8))
            default:
                throw ParseError(line: n + 1, text: String(raw))
            }
        }
        guard width > 0, height > 0 else { throw ParseError(line: 0, text: "no size line") }
    }
}
