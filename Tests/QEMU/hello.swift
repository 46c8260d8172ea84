// The static Swift hello world the QEMU test starts beside the kiosk (issue 19, goal 4): built like the demo
// (release, Swift runtime linked statically), it prints hello and, as the demo does for its first flip, the
// time from its process's start (field 22 of /proc/self/stat, in clock ticks) to the end of its main.
import Glibc

print("hello, world")
var ts = timespec()
clock_gettime(CLOCK_BOOTTIME, &ts)
let now = Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
if let f = fopen("/proc/self/stat", "r") {
    var buffer = [CChar](repeating: 0, count: 1024)
    if fgets(&buffer, Int32(buffer.count), f) != nil {
        let line = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        if let close = line.lastIndex(of: ")") {
            let fields = line[line.index(after: close)...].split(separator: " ")
            let hz = Double(sysconf(Int32(_SC_CLK_TCK)))
            if fields.count > 19, let ticks = Double(fields[19]), hz > 0 {
                print("process start to end of main \(Int(((now - ticks / hz) * 1000).rounded())) ms")
            }
        }
    }
    fclose(f)
}
