/// The `.strings` format of `<language>.lproj/Localizable.strings`: `"key" = "value";` pairs with C and C++
/// comments, backslash escapes (`\"`, `\\`, `\n`, `\t`, `\U00E9`), UTF-8 or UTF-16 with a byte order mark.
enum StringsFile {
    struct SyntaxError: Error, CustomStringConvertible {
        var line: Int
        var message: String
        var description: String { "line \(line): \(message)" }
    }

    static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> [(key: String, value: String)] {
        var parser = Parser(text: decode(bytes))
        return try parser.pairs()
    }

    /// The text, by its byte order mark (Xcode writes UTF-16 in older projects).
    static func decode(_ bytes: [UInt8]) -> [Unicode.Scalar] {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let little = bytes[0] == 0xFF
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var i = 2
            while i + 1 < bytes.count {
                units.append(little ? UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8 : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]))
                i += 2
            }
            return Array(String(decoding: units, as: UTF16.self).unicodeScalars)
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        return Array(String(decoding: body, as: UTF8.self).unicodeScalars)
    }

    private struct Parser {
        let text: [Unicode.Scalar]
        var i = 0
        var line = 1

        init(text: [Unicode.Scalar]) { self.text = text }

        mutating func pairs() throws(SyntaxError) -> [(key: String, value: String)] {
            var result: [(key: String, value: String)] = []
            while true {
                try skipSpaceAndComments()
                guard i < text.count else { return result }
                let key = try string()
                try skipSpaceAndComments()
                if peek == ";" {  // `"key";` stands for `"key" = "key";`
                    i += 1
                    result.append((key, key))
                    continue
                }
                try expect("=")
                try skipSpaceAndComments()
                let value = try string()
                try skipSpaceAndComments()
                try expect(";")
                result.append((key, value))
            }
        }

        private var peek: Unicode.Scalar? { i < text.count ? text[i] : nil }

        private func fail(_ message: String) -> SyntaxError { SyntaxError(line: line, message: message) }

        private mutating func expect(_ c: Unicode.Scalar) throws(SyntaxError) {
            guard peek == c else { throw fail("expected '\(c)'" + (peek.map { ", found '\($0)'" } ?? " at the end")) }
            i += 1
        }

        private mutating func skipSpaceAndComments() throws(SyntaxError) {
            while let c = peek {
                if c == "\n" { line += 1; i += 1 }
                else if c.properties.isWhitespace { i += 1 }
                else if c == "/", i + 1 < text.count, text[i + 1] == "*" {
                    let start = line
                    i += 2
                    while i + 1 < text.count, !(text[i] == "*" && text[i + 1] == "/") {
                        if text[i] == "\n" { line += 1 }
                        i += 1
                    }
                    guard i + 1 < text.count else { throw SyntaxError(line: start, message: "a comment is not closed") }
                    i += 2
                } else if c == "/", i + 1 < text.count, text[i + 1] == "/" {
                    while let d = peek, d != "\n" { i += 1 }
                } else { return }
            }
        }

        /// A quoted string, or an unquoted word (old-style property lists allow both).
        private mutating func string() throws(SyntaxError) -> String {
            guard let first = peek else { throw fail("expected a string at the end") }
            var s = String.UnicodeScalarView()
            guard first == "\"" else {
                while let c = peek, c.properties.isAlphabetic || c.properties.numericType != nil || "_.$:/-".unicodeScalars.contains(c) {
                    s.append(c)
                    i += 1
                }
                guard !s.isEmpty else { throw fail("expected a quoted string, found \"\(first)\"") }
                return String(s)
            }
            let start = line
            i += 1
            while true {
                guard let c = peek else { throw SyntaxError(line: start, message: "a string is not closed") }
                i += 1
                if c == "\"" { return String(s) }
                if c == "\n" { line += 1 }
                guard c == "\\" else { s.append(c); continue }
                guard let e = peek else { throw SyntaxError(line: start, message: "a string is not closed") }
                i += 1
                switch e {
                case "n": s.append("\n")
                case "t": s.append("\t")
                case "r": s.append("\r")
                case "0": s.append("\0")
                case "U", "u":
                    var v: UInt32 = 0
                    var digits = 0
                    while digits < 4, let h = peek, let d = hexValue(h) {
                        v = v << 4 | d
                        digits += 1
                        i += 1
                    }
                    guard digits > 0, let scalar = Unicode.Scalar(v) else { throw fail("a \\U escape needs hex digits") }
                    s.append(scalar)
                default: s.append(e)  // \" \\ \' and any other character as itself
                }
            }
        }

        private func hexValue(_ c: Unicode.Scalar) -> UInt32? {
            switch c {
            case "0"..."9": return c.value - 0x30
            case "a"..."f": return c.value - 0x61 + 10
            case "A"..."F": return c.value - 0x41 + 10
            default: return nil
            }
        }
    }
}
