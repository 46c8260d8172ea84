// ScanoutMacros: the compiler plugin behind `#Preview` (a host tool: it runs inside the compiler, never on a
// board, so it may use Foundation). It speaks the compiler's plugin protocol directly — each message is an
// 8-byte little-endian length and a JSON object — instead of through SwiftSyntax, which no Debian package
// carries and which shipped targets must not depend on.
//
// The expansion is textual. `#Preview("Name", traits: …) { body }` arrives as its source text; the plugin
// writes back a C-named function that builds `ScanoutUI.Preview("Name", traits: …) { body }` — the same
// arguments, now a call of Preview's initializer, so the type checker (not this plugin) checks them. The
// function's exported symbol (`scanout_preview_…`) is how a running app finds its previews
// (`--previews DIR`), without runtime reflection.
import Foundation

/// Reads exactly `count` bytes from stdin; nil at end of input.
func readExactly(_ count: Int) -> Data? {
    var data = Data()
    while data.count < count {
        let chunk = FileHandle.standardInput.readData(ofLength: count - data.count)
        if chunk.isEmpty { return nil }
        data.append(chunk)
    }
    return data
}

func send(_ object: [String: Any]) {
    guard let json = try? JSONSerialization.data(withJSONObject: object) else { return }
    var header = UInt64(json.count).littleEndian
    var message = Data(bytes: &header, count: 8)
    message.append(json)
    FileHandle.standardOutput.write(message)
}

/// What `#Preview` becomes, or a message saying why it cannot be expanded.
func expandPreview(source: String, discriminator: String, fileID: String, line: Int) -> Result<String, PreviewError> {
    // The first `#Preview` that is not in a line comment of the leading trivia.
    var searchFrom = source.startIndex
    var found: Range<String.Index>?
    while let r = source.range(of: "#Preview", range: searchFrom..<source.endIndex) {
        let lineStart = source[..<r.lowerBound].lastIndex(of: "\n").map { source.index(after: $0) } ?? source.startIndex
        if !source[lineStart..<r.lowerBound].contains("//") { found = r; break }
        searchFrom = r.upperBound
    }
    guard let hash = found else { return .failure(PreviewError("#Preview not found in \(source.prefix(40))")) }
    // Keep anything before the macro (attributes such as @available) in front of the function.
    let leading = String(source[..<hash.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines)
    let call = "ScanoutUI.Preview" + source[hash.upperBound...]
    // The location is where the declaration's leading trivia starts (just after the previous token): the
    // macro's own line is that many newlines further.
    let line = line + source[..<hash.lowerBound].filter { $0 == "\n" }.count
    // A name that is unique to this expansion (the compiler's own scheme for macro-made names), and a C
    // symbol made of its letters and digits.
    let swiftName = discriminator + "14scanoutPreviewfMu_"
    let symbol = "scanout_preview_" + String(discriminator.unicodeScalars.map { scalar -> Character in
        let keep = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
        return keep ? Character(scalar) : "_"
    })
    let escapedFile = fileID.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    let text = """
        \(leading.isEmpty ? "" : leading + "\n")@_cdecl("\(symbol)")
        public func \(swiftName)() -> UnsafeMutableRawPointer {
            ScanoutUI.Preview.registered(fileID: "\(escapedFile)", line: \(line)) {
                \(call)
            }
        }
        """
    return .success(text)
}

struct PreviewError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

var hostProtocolVersion = 0
while let header = readExactly(8) {
    let count = header.withUnsafeBytes { Int(UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self))) }
    guard let body = readExactly(count),
          let message = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else { break }
    if let request = message["getCapability"] as? [String: Any] {
        if let capability = request["capability"] as? [String: Any], let version = capability["protocolVersion"] as? Int {
            hostProtocolVersion = version
        }
        send(["getCapabilityResult": ["capability": ["protocolVersion": 7, "features": [String]()]]])
    } else if let request = message["expandFreestandingMacro"] as? [String: Any] {
        let syntax = request["syntax"] as? [String: Any] ?? [:]
        let source = syntax["source"] as? String ?? ""
        let location = syntax["location"] as? [String: Any] ?? [:]
        let fileName = location["fileName"] as? String ?? ""
        let offset = location["offset"] as? Int ?? 0
        let result = expandPreview(source: source, discriminator: request["discriminator"] as? String ?? "",
                                   fileID: location["fileID"] as? String ?? fileName, line: location["line"] as? Int ?? 0)
        var expanded: Any = NSNull()
        var diagnostics: [[String: Any]] = []
        switch result {
        case .success(let text): expanded = text
        case .failure(let error):
            diagnostics.append(["message": "#Preview: \(error.message)", "severity": "error",
                                "position": ["fileName": fileName, "offset": offset],
                                "highlights": [Any](), "notes": [Any](), "fixIts": [Any]()])
        }
        // Hosts before protocol version 5 know only the older result message.
        let kind = hostProtocolVersion >= 5 ? "expandMacroResult" : "expandFreestandingMacroResult"
        send([kind: ["expandedSource": expanded, "diagnostics": diagnostics]])
    } else {
        // Attached macros, plugin libraries: not offered by this plugin.
        let kind = message.keys.first ?? "?"
        let reply = kind == "loadPluginLibrary" ? "loadPluginLibraryResult" : (hostProtocolVersion >= 5 ? "expandMacroResult" : "expandAttachedMacroResult")
        if reply == "loadPluginLibraryResult" {
            send([reply: ["loaded": false, "diagnostics": [Any]()]])
        } else {
            send([reply: ["expandedSource": NSNull(), "diagnostics": [["message": "ScanoutMacros has no \(kind)", "severity": "error",
                "position": ["fileName": "", "offset": 0], "highlights": [Any](), "notes": [Any](), "fixIts": [Any]()]]]])
        }
    }
}
