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
