import Glibc
import ScanoutUI

/// The panel Tests/Simulator/run types into and pinches in the simulator window: a text field and a pinchable
/// rectangle, each reporting its value on stdout (one line per change) so the test reads what arrived.
@main
struct SimulatorPanel: App {
    var body: some Scene {
        WindowGroup { KeyboardAndPinch() }
    }
}

struct KeyboardAndPinch: View {
    @State private var text = ""
    @State private var magnification: CGFloat = 1

    var body: some View {
        VStack(spacing: 20) {
            TextField("Type here", text: $text)
                .textFieldStyle(.roundedBorder)
                .frame(width: 300)
            Text("Pinch: \(Int((magnification * 100).rounded())) %")
            Rectangle()
                .fill(Color.blue)
                .frame(width: 400, height: 200)
                .gesture(MagnifyGesture().onChanged { magnification = $0.magnification })
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .onChange(of: text) { report("text: \(text)") }
        .onChange(of: magnification) { report("magnification: \(Int((magnification * 100).rounded()))") }
    }

    private func report(_ line: String) {
        print(line)
        fflush(nil)  // stdout is a pipe in the test: one line as it happens
    }
}
