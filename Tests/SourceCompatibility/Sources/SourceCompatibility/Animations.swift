import ScanoutUI

/// Phase animations as iOS 17 code writes them: a pulsing alarm, a bounce on each new event.
struct AlarmBadge: View {
    let count: Int
    var body: some View {
        VStack {
            Image(systemName: "bell.fill")
                .phaseAnimator([false, true]) { content, phase in
                    content.opacity(phase ? 1 : 0.4).scaleEffect(phase ? 1.1 : 1)
                } animation: { phase in phase ? .easeIn(duration: 0.4) : .easeOut(duration: 0.6) }
            Text("\(count)")
                .phaseAnimator([1.0, 1.4, 1.0], trigger: count) { content, scale in content.scaleEffect(scale) }
            PhaseAnimator([Color.red, .orange]) { color in Circle().fill(color) }
        }
    }
}

/// A card shown as placeholders while its data loads; a private value hidden under the privacy reason.
struct LoadingCard: View {
    @State private var isLoading = true
    var body: some View {
        VStack(alignment: .leading) {
            Text("Line 3").font(.headline)
            Text("Operator PIN 4411").privacySensitive()
            Button("Retry") {}.unredacted()
        }
        .redacted(reason: isLoading ? .placeholder : [])
        .redacted(reason: .privacy)
    }
}

/// iOS 17 springs as apps write them.
struct SpringyPanel: View {
    @State private var open = false
    var body: some View {
        VStack {
            Button("Toggle") { withAnimation(.snappy) { open.toggle() } }
            Rectangle().frame(height: open ? 200 : 40)
                .animation(.bouncy, value: open)
                .animation(.smooth(duration: 0.3), value: open)
                .animation(.spring(duration: 0.4, bounce: 0.2), value: open)
                .animation(.spring(Spring(mass: 1, stiffness: 170, damping: 15)), value: open)
                .animation(.bouncy(duration: 0.6, extraBounce: 0.1), value: open)
            Text("\(Spring.snappy.settlingDuration)")
        }
    }
}
