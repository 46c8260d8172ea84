/// A line made of separately styled pieces (`Text + Text`) laid out in bidi order: the pieces are one paragraph
/// to the bidi algorithm, so a bold number inside an Arabic sentence sits where the sentence puts it, and the
/// line is cut into runs of one embedding level, in visual order (left to right on the screen).
public enum BidiRuns {
    /// One run: a stretch of piece `piece`'s text (`range` of its characters), right to left when odd level.
    public struct Run: Sendable, Equatable {
        public var piece: Int
        public var range: Range<String.Index>
        public var isRightToLeft: Bool
    }

    /// The runs of `pieces` (one line, in logical order) in visual order, for a line of a paragraph whose base
    /// direction is found in `paragraph` (its first strong character, UAX #9 P2–P3); nil when neither holds
    /// anything right to left (the pieces are then drawn as they come, left to right).
    public static func visualRuns(of pieces: [String], paragraph: String) -> [Run]? {
        guard paragraph.unicodeScalars.contains(where: { BidiLevels.mayBeRightToLeft($0.value) })
                || pieces.contains(where: { $0.unicodeScalars.contains { BidiLevels.mayBeRightToLeft($0.value) } }) else { return nil }
        // The paragraph's direction, given to the line by a leading mark (as a wrapped plain text's lines get it).
        let mark: UInt32 = ParagraphDirection.isRightToLeft(paragraph) ? 0x200F : 0x200E
        var scalars: [UInt32] = [mark]
        for p in pieces { scalars.append(contentsOf: p.unicodeScalars.map(\.value)) }
        let levels = BidiLevels.levels(of: scalars)
        // Cut each piece where the level changes, at character boundaries (a mark keeps its base's level).
        var runs: [Run] = [], runLevels: [Int8] = []
        var k = 1
        for (index, piece) in pieces.enumerated() {
            var start = piece.startIndex, startLevel: Int8? = nil
            for character in piece.indices {
                let level = levels[k]
                if let current = startLevel, level != current {
                    runs.append(Run(piece: index, range: start..<character, isRightToLeft: current & 1 == 1))
                    runLevels.append(current)
                    start = character
                }
                if startLevel == nil || level != startLevel { startLevel = level }
                k += piece[character].unicodeScalars.count
            }
            if let level = startLevel {
                runs.append(Run(piece: index, range: start..<piece.endIndex, isRightToLeft: level & 1 == 1))
                runLevels.append(level)
            }
        }
        return BidiLevels.visualOrder(ofRunLevels: runLevels).map { runs[$0] }
    }
}

extension ParagraphDirection {
    /// Whether `paragraph` is right to left: its first strong character is (UAX #9 P2–P3).
    static func isRightToLeft(_ paragraph: String) -> Bool {
        let scalars = paragraph.unicodeScalars.map(\.value)
        guard scalars.contains(where: BidiLevels.mayBeRightToLeft) else { return false }
        return mark(forParagraph: scalars) == "\u{200F}"
    }
}
