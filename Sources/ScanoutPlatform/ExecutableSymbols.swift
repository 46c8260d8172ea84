import CLinux
import Glibc

/// The running executable's functions whose names start with a prefix, read from its ELF symbol tables
/// (`/proc/self/exe`: `.symtab`, which every unstripped build has, and `.dynsym`) and moved to where the
/// program was loaded. A `@_cdecl` function is found by name without runtime reflection: this is how
/// `--previews` finds every `#Preview` of an app.
public enum ExecutableSymbols {
    /// The addresses of the defined symbols named `prefix…`, with their names; empty when the file cannot be
    /// read or has no symbol table (a stripped executable).
    public static func functions(withPrefix prefix: String) -> [(name: String, address: UnsafeRawPointer)] {
        let fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 64 else { return [] }
        let size = Int(info.st_size)
        guard let map = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED else { return [] }
        defer { munmap(map, size) }
        let file = UnsafeRawBufferPointer(start: map, count: size)
        let symbols = definedSymbols(in: file).filter { $0.name.hasPrefix(prefix) && $0.value != 0 }
        guard !symbols.isEmpty, let bias = loadBias(of: file) else { return [] }
        var seen = Set<String>()
        return symbols.compactMap { symbol in
            guard seen.insert(symbol.name).inserted, let address = UnsafeRawPointer(bitPattern: bias &+ UInt(symbol.value)) else { return nil }
            return (symbol.name, address)
        }
    }

    /// How far the program was moved from the addresses its file gives (position-independent executables
    /// load anywhere): where the kernel put the program headers, less where the file says they are.
    static func loadBias(of file: UnsafeRawBufferPointer) -> UInt? {
        let headersInMemory = UInt(scanout_linux_program_headers())
        guard headersInMemory != 0, file.count > 64 else { return nil }
        let table = Int(file.loadUnaligned(fromByteOffset: 0x20, as: UInt64.self).littleEndian)
        let entrySize = Int(file.loadUnaligned(fromByteOffset: 0x36, as: UInt16.self).littleEndian)
        let count = Int(file.loadUnaligned(fromByteOffset: 0x38, as: UInt16.self).littleEndian)
        guard entrySize >= 56, table > 0, table + count * entrySize <= file.count else { return nil }
        let programHeaderType: UInt32 = 6  // PT_PHDR: the program header table itself
        for i in 0..<count {
            let h = table + i * entrySize
            if file.loadUnaligned(fromByteOffset: h, as: UInt32.self).littleEndian == programHeaderType {
                let address = UInt(file.loadUnaligned(fromByteOffset: h + 0x10, as: UInt64.self).littleEndian)
                return headersInMemory &- address
            }
        }
        return headersInMemory &- UInt(table)  // no PT_PHDR: the first segment maps the file from offset 0
    }

    /// The defined symbols of an ELF64 little-endian file's `.symtab` and `.dynsym`, with their values.
    static func definedSymbols(in file: UnsafeRawBufferPointer) -> [(name: String, value: Int)] {
        func u16(_ at: Int) -> Int { at + 2 <= file.count ? Int(file.loadUnaligned(fromByteOffset: at, as: UInt16.self).littleEndian) : 0 }
        func u32(_ at: Int) -> Int { at + 4 <= file.count ? Int(file.loadUnaligned(fromByteOffset: at, as: UInt32.self).littleEndian) : 0 }
        func u64(_ at: Int) -> Int {
            guard at + 8 <= file.count else { return 0 }
            let v = file.loadUnaligned(fromByteOffset: at, as: UInt64.self).littleEndian
            return v > UInt64(Int.max) ? 0 : Int(v)
        }
        // "\x7fELF", 64-bit, little-endian.
        guard file.count > 64, file[0] == 0x7F, file[1] == 0x45, file[2] == 0x4C, file[3] == 0x46, file[4] == 2, file[5] == 1 else { return [] }
        let sectionTable = u64(0x28), entrySize = u16(0x3A), count = u16(0x3C)
        guard entrySize >= 64, sectionTable > 0, sectionTable + count * entrySize <= file.count else { return [] }
        func section(_ i: Int) -> (type: Int, offset: Int, size: Int, link: Int, entrySize: Int) {
            let h = sectionTable + i * entrySize
            return (u32(h + 4), u64(h + 0x18), u64(h + 0x20), u32(h + 0x28), u64(h + 0x38))
        }
        let symtabType = 2, dynsymType = 11
        var names: [(name: String, value: Int)] = []
        for i in 0..<count where section(i).type == symtabType || section(i).type == dynsymType {
            let symbols = section(i)
            guard symbols.link < count, symbols.entrySize >= 24 else { continue }
            let strings = section(symbols.link)
            guard symbols.offset + symbols.size <= file.count, strings.offset + strings.size <= file.count else { continue }
            for s in stride(from: symbols.offset, to: symbols.offset + symbols.size, by: symbols.entrySize) {
                let nameOffset = u32(s), sectionIndex = u16(s + 6)
                guard sectionIndex != 0, nameOffset > 0, nameOffset < strings.size else { continue }  // undefined: imported
                var end = strings.offset + nameOffset
                while end < strings.offset + strings.size, file[end] != 0 { end += 1 }
                names.append((String(decoding: file[(strings.offset + nameOffset)..<end], as: UTF8.self), u64(s + 8)))
            }
        }
        return names
    }
}
