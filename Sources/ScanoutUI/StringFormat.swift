import Glibc

/// printf-style formatting of a localized string with its interpolated values (`String(format:)` is
/// Foundation's): `%@`, `%lld`, `%d`, `%u`, `%x`, `%lf`, `%.1f`, `%e`, `%g`, `%%`, positions (`%2$@`), flags,
/// width and precision. Numbers go through the C library's `vsnprintf`, so they come out as C prints them.
enum StringFormat {
    /// `format` with `arguments` put in; `markingValues`: each value between `InlineMarkdown`'s value marks (a
    /// key read as Markdown reads its values as plain text).
    static func format(_ format: String, _ arguments: [FormatArgument], markingValues: Bool = false) -> String {
        guard format.utf8.contains(UInt8(ascii: "%")) else { return format }
        let (open, close) = markingValues ? (String(InlineMarkdown.valueStart), String(InlineMarkdown.valueEnd)) : ("", "")
        // A value alone (`Text("\(count)")`, a row's number): the value as it is, with no string built around it.
        if arguments.count == 1, !markingValues {
            if case .signed(let v) = arguments[0], format == "%lld" { return String(v) }
            if case .string(let v) = arguments[0], format == "%@" { return v }
        }
        var out = ""
        var next = 0  // the argument an unnumbered specifier takes
        var chars = Substring(format)
        while let percent = chars.firstIndex(of: "%") {
            out += chars[..<percent]
            chars = chars[chars.index(after: percent)...]
            // What interpolation writes for an Int and a String, put in without parsing (a list of rows
            // showing "\(count)" parsed a specifier per row: a tenth of its first update).
            if next < arguments.count {
                if chars.utf8.starts(with: "lld".utf8), case .signed(let v) = arguments[next] {
                    out += open; out += String(v); out += close
                    chars = chars.dropFirst(3)
                    next += 1
                    continue
                }
                if chars.utf8.first == UInt8(ascii: "@"), case .string(let v) = arguments[next] {
                    out += open; out += v; out += close
                    chars = chars.dropFirst()
                    next += 1
                    continue
                }
            }
            guard let spec = Specifier(parsing: &chars) else {
                out += "%"  // not a specifier: shown as written
                continue
            }
            if spec.conversion == "%" { out += "%"; continue }
            let index = spec.position.map { $0 - 1 } ?? next
            next = index + 1
            guard arguments.indices.contains(index) else {
                out += spec.text  // more specifiers than values (a translation that does not match its key)
                continue
            }
            out += open; out += spec.render(arguments[index]); out += close
        }
        return out + chars
    }

    /// One `%…` conversion.
    struct Specifier {
        var position: Int?
        var flags = ""
        var width = ""
        var precision: String?
        var conversion: Character = "@"
        /// As written, for a specifier left without a value.
        var text = "%"

        /// Reads a specifier from the characters after "%"; nil (nothing consumed) if they do not form one.
        init?(parsing chars: inout Substring) {
            var s = chars
            func digits() -> String {
                let d = s.prefix { $0.isASCII && $0.isNumber }
                s = s[d.endIndex...]
                return String(d)
            }
            var number = digits()
            if s.first == "$", let p = Int(number), p > 0 {
                position = p
                s = s.dropFirst()
                number = ""
            }
            if number.isEmpty {
                let f = s.prefix { "-+ #0'".contains($0) }
                flags = String(f).replacing("'", with: "")  // grouping: C's "'" needs a locale; shown ungrouped
                s = s[f.endIndex...]
                number = digits()
            } else if number.first == "0" {
                flags = "0"
                number.removeFirst()
            }
            width = number
            if s.first == "." {
                s = s.dropFirst()
                precision = digits()
            }
            while let c = s.first, "hlqLzjt".contains(c) { s = s.dropFirst() }  // lengths: values are 64-bit
            guard let c = s.first, "@dDiuUxXoOfFeEgGaAcCsSp%".contains(c) else { return nil }
            conversion = c
            s = s.dropFirst()
            text = "%" + chars[..<s.startIndex]
            chars = s
        }

        func render(_ argument: FormatArgument) -> String {
            switch conversion {
            case "@", "s", "S":
                let string: String
                switch argument {
                case .string(let v): string = v
                case .signed(let v): string = String(v)
                case .unsigned(let v): string = String(v)
                case .double(let v): string = String(v)
                }
                return padded(string)
            case "d", "D", "i":
                // A bare %lld (every interpolated Int) needs no C call.
                if flags.isEmpty && width.isEmpty && precision == nil { return String(integer(argument)) }
                return printed("lld", integer(argument))
            case "u", "U", "x", "X", "o", "O", "c", "C", "p":
                let c = conversion == "U" ? "u" : conversion == "O" ? "o" : conversion == "C" || conversion == "c" ? "c" : conversion == "p" ? "llx" : String(conversion)
                return printed(c == "c" ? "c" : c.hasPrefix("ll") ? c : "ll" + c, integer(argument))
            default:
                let value: Double
                switch argument {
                case .double(let v): value = v
                case .signed(let v): value = Double(v)
                case .unsigned(let v): value = Double(v)
                case .string(let v): return padded(v)
                }
                return printed(String(conversion), value)
            }
        }

        private func integer(_ argument: FormatArgument) -> Int64 {
            switch argument {
            case .signed(let v): return v
            case .unsigned(let v): return Int64(bitPattern: v)
            case .double(let v): return v.isFinite ? Int64(clamping: Int(exactly: v.rounded(.towardZero)) ?? 0) : 0
            case .string(let v): return Int64(v) ?? 0
            }
        }

        /// A string padded to the width (left-aligned with "-").
        private func padded(_ s: String) -> String {
            var s = s
            if let p = precision.flatMap(Int.init), s.count > p { s = String(s.prefix(p)) }
            guard let w = Int(width), s.count < w else { return s }
            let pad = String(repeating: " ", count: w - s.count)
            return flags.contains("-") ? s + pad : pad + s
        }

        private func printed(_ conversion: String, _ value: any CVarArg) -> String {
            let format = "%" + flags + width + (precision.map { "." + $0 } ?? "") + conversion
            var buffer = [CChar](repeating: 0, count: 64)
            var n = withVaList([value]) { vsnprintf(&buffer, buffer.count, format, $0) }
            if n >= buffer.count {  // a huge width or a long float: once more with room
                buffer = [CChar](repeating: 0, count: Int(n) + 1)
                n = withVaList([value]) { vsnprintf(&buffer, buffer.count, format, $0) }
            }
            guard n >= 0 else { return "" }
            return String(decoding: buffer[..<Int(n)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }
}
