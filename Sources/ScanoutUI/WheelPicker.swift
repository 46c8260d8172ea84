/// The wheel picker: five 44-point rows visible (iOS shows seven of 32), the chosen one centred in a band.
/// The finger drags the drum; on release it carries on as far as the fling's momentum would take it
/// (UIKit's deceleration, `DragGesture.Value.predictedEndTranslation`), snaps to the nearest row within
/// the options, and chooses it. The drum then eases from where the finger left it to that row.
struct WheelPicker: View {
    static let rowHeight: CGFloat = Palette.minimumHitTarget
    static let visibleRows = 5

    let model: PickerModel
    /// How far the finger has moved the drum from the chosen row (while dragging; eased back to 0 after).
    @State private var drag: CGFloat = 0
    @Environment(\.isEnabled) private var isEnabled

    private var chosen: Int { model.selected ?? 0 }

    var body: some View {
        let rows = model.options.count
        let h = Self.rowHeight
        // The drum's top, so the chosen row sits in the middle of the window.
        let top = CGFloat(Self.visibleRows / 2) * h - CGFloat(chosen) * h
        ZStack(alignment: .top) {
            RoundedRectangle(cornerRadius: 8).fill(Palette.controlBackground)
                .frame(height: h)
                .offset(y: CGFloat(Self.visibleRows / 2) * h)
            VStack(spacing: 0) {
                ForEach(0..<rows) { i in
                    model.options[i].view.frame(maxWidth: .infinity, minHeight: h, maxHeight: h)
                }
            }
            .offset(y: top + drag)
        }
        .frame(height: h * CGFloat(Self.visibleRows), alignment: .top)
        .frame(maxWidth: .infinity)
        .clipped()
        .contentShape(Rectangle())
        .opacity(isEnabled ? 1 : Palette.disabledOpacity)
        .gesture(
            DragGesture(minimumDistance: 2)
                .onChanged { value in
                    guard isEnabled else { return }
                    drag = value.translation.height
                }
                .onEnded { value in
                    guard isEnabled, rows > 0 else { return }
                    let travel = value.predictedEndTranslation.height
                    let target = Swift.max(0, Swift.min(rows - 1, chosen - Int((travel / h).rounded())))
                    // Longer throws settle for longer, as a decelerating drum does.
                    let distance = abs(value.translation.height - CGFloat(chosen - target) * h)
                    let duration = Swift.min(0.8, Swift.max(0.25, Double(distance / h) * 0.08))
                    withAnimation(.easeOut(duration: duration)) {
                        model.choose(target)
                        drag = 0
                    }
                })
    }
}
