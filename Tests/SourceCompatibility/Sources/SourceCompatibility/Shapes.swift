import ScanoutUI

/// Shapes as iOS 17 code writes them: short names where a shape is expected, corner styles, uneven corners,
/// strokes in the foreground style, borders.
struct ShapeSurvey: View {
    var body: some View {
        VStack {
            Text("a").padding().background(.blue, in: .rect(cornerRadius: 8)).clipShape(.capsule)
            Text("b").clipShape(.rect(cornerRadius: 12, style: .continuous)).border(.red, width: 1).cornerRadius(4)
            Text("c").background(in: .rect(topLeadingRadius: 16, topTrailingRadius: 16))
            RoundedRectangle(cornerRadius: 8, style: .continuous).strokeBorder(.red, lineWidth: 2)
            RoundedRectangle(cornerSize: CGSize(width: 20, height: 10), style: .circular).fill(.green)
            UnevenRoundedRectangle(cornerRadii: RectangleCornerRadii(topLeading: 8, bottomTrailing: 8)).stroke(lineWidth: 2)
            Circle().stroke(lineWidth: 4)
            Capsule(style: .continuous).stroke(style: StrokeStyle(lineWidth: 2, dash: [4]))
            Rectangle().fill(.red).clipShape(.circle)
            Button("Start") {}.buttonStyle(.borderedProminent).buttonBorderShape(.capsule).controlSize(.large)
            Button { } label: { Image(systemName: "plus") }.buttonStyle(.bordered).buttonBorderShape(.circle)
            Button("Stop") {}.buttonStyle(.bordered).buttonBorderShape(.roundedRectangle(radius: 4))
        }
    }
}

/// Materials, gradients by their short names, gradient stops.
struct OverlayCard: View {
    var body: some View {
        VStack {
            Text("Pressure").foregroundStyle(.linearGradient(colors: [.blue, .teal], startPoint: .top, endPoint: .bottom))
            Text("Flow").padding().background(.ultraThinMaterial, in: .rect(cornerRadius: 12))
            Circle().fill(.radialGradient(colors: [.yellow, .orange], center: .center, startRadius: 0, endRadius: 40))
            Rectangle().fill(LinearGradient(gradient: Gradient(stops: [
                .init(color: .green, location: 0), .init(color: .yellow, location: 0.7), .init(color: .red, location: 1),
            ]), startPoint: .leading, endPoint: .trailing))
            Capsule().fill(.linearGradient(stops: [Gradient.Stop(color: .blue, location: 0.2)], startPoint: .top, endPoint: .bottom))
        }
        .padding()
        .background(.regularMaterial)
        .overlay(alignment: .top) { Rectangle().fill(.bar).frame(height: 1) }
    }
}
