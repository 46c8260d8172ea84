import ScanoutUI

/// A disabled tile greyed and dimmed, a photo's colours adjusted, a press shown as a brighter tile, and
/// drawing groups around an effect.
struct EffectTiles: View {
    @State private var enabled = false
    @State private var hue = 0.0
    var body: some View {
        VStack {
            Image("pump")
                .grayscale(enabled ? 0 : 1)
                .saturation(1.2)
                .contrast(1.1)
                .brightness(-0.05)
            Color.blue
                .hueRotation(.degrees(hue))
                .colorMultiply(.yellow)
                .frame(width: 40, height: 40)
            Text("Inverted").colorInvert()
            LinearGradient(colors: [.black, .white], startPoint: .leading, endPoint: .trailing).luminanceToAlpha()
            HStack { Circle(); Rectangle() }
                .compositingGroup()
                .opacity(0.5)
                .drawingGroup()
                .drawingGroup(opaque: true, colorMode: .linear)
            Button("Enable") { withAnimation { enabled.toggle(); hue += 30 } }
        }
    }
}

/// A list faded out at its bottom edge, a progress bar cut to a capsule, a title filled with a gradient.
struct MaskedViews: View {
    var progress: Double
    var body: some View {
        VStack {
            ScrollView { Text("Log") }
                .mask(LinearGradient(colors: [.black, .black, .clear], startPoint: .top, endPoint: .bottom))
            Color.green
                .mask(alignment: .leading) { Capsule().frame(width: 200 * progress) }
                .frame(width: 200, height: 8)
            LinearGradient(colors: [.orange, .pink], startPoint: .leading, endPoint: .trailing)
                .mask { Text("Scanout").font(.largeTitle.bold()) }
        }
    }
}

/// A spotlight cut out of a dimming layer, and a tinted photo.
struct BlendedViews: View {
    var body: some View {
        ZStack {
            Image("plant").blendMode(.multiply)
            Color.orange.blendMode(.softLight)
            ZStack {
                Color.black.opacity(0.6)
                Circle().frame(width: 120, height: 120).blendMode(.destinationOut)
            }
            .compositingGroup()
            Text("Overlay").blendMode(BlendMode.difference)
        }
    }
}
