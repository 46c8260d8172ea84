import ScanoutTesting
import Testing
import ScanoutUI

/// The colour effects side by side on the same tile (a gradient, a symbol, a label and a shadow), against a
/// golden image (`Tests/Goldens/ui-color-effects.png`; `SCANOUT_RECORD_GOLDENS=1` re-records it). Looked at:
/// each tile shows its effect on all four parts, the labels under the tiles are not affected.
@MainActor
struct ColorEffectGoldenTests {
    struct Tile: View {
        var body: some View {
            ZStack {
                RoundedRectangle(cornerRadius: 12)
                    .fill(LinearGradient(colors: [.orange, .pink, .purple], startPoint: .topLeading, endPoint: .bottomTrailing))
                    .shadow(color: .green, radius: 0, x: 4, y: 4)
                VStack(spacing: 4) {
                    Image(systemName: "bell.fill").font(.system(size: 28)).foregroundStyle(.yellow)
                    Text("Pump 3").font(.headline).foregroundStyle(.white)
                }
            }
            .frame(width: 100, height: 100)
        }
    }

    struct Panel: View {
        let effects: [(String, AnyView)] = [
            ("none", AnyView(Tile())),
            ("grayscale 1", AnyView(Tile().grayscale(1))),
            ("saturation 0.3", AnyView(Tile().saturation(0.3))),
            ("brightness 0.3", AnyView(Tile().brightness(0.3))),
            ("contrast 0.5", AnyView(Tile().contrast(0.5))),
            ("multiply cyan", AnyView(Tile().colorMultiply(.cyan))),
            ("hue 90°", AnyView(Tile().hueRotation(.degrees(90)))),
            ("invert", AnyView(Tile().colorInvert())),
            ("lum. to alpha", AnyView(Tile().luminanceToAlpha())),
            ("grey, inverted", AnyView(Tile().grayscale(1).colorInvert())),
        ]
        var body: some View {
            LazyVGrid(columns: Array(repeating: GridItem(.fixed(120)), count: 5), spacing: 12) {
                ForEach(effects.indices, id: \.self) { i in
                    VStack(spacing: 6) {
                        effects[i].1
                        Text(effects[i].0).font(.caption)
                    }
                }
            }
            .padding(16)
            .frame(width: 640, height: 300, alignment: .topLeading)
        }
    }

    @Test func everyEffectOnOneTile() {
        let host = TestHost(rootView: Panel(), width: 640, height: 300)
        host.runFrame()
        #expect(host.warnings.isEmpty, "\(host.warnings)")
        expectGolden(host, named: "ui-color-effects")
    }
}

/// Masks as panels use them, against a golden image (`Tests/Goldens/ui-masks.png`): rows faded out at the
/// bottom, a progress bar cut to a capsule, a title filled with a gradient, a tile cut to a circle with its
/// shadow, a half-opaque mask over a two-colour group. Looked at: each shows the content only where its mask
/// is, faded where the mask fades.
@MainActor
struct MaskGoldenTests {
    struct Panel: View {
        var body: some View {
            HStack(alignment: .top, spacing: 24) {
                VStack(alignment: .leading, spacing: 6) {
                    ForEach(0..<8) { i in Text("Event \(i + 1): pressure OK").font(.body) }
                }
                .frame(width: 200, height: 200, alignment: .top)
                .mask(LinearGradient(colors: [.black, .black, .clear], startPoint: .top, endPoint: .bottom))
                VStack(alignment: .leading, spacing: 20) {
                    Color.green
                        .mask(alignment: .leading) { Capsule().frame(width: 140) }
                        .frame(width: 200, height: 12)
                    LinearGradient(colors: [.orange, .pink, .purple], startPoint: .leading, endPoint: .trailing)
                        .frame(width: 200, height: 50)
                        .mask { Text("Scanout").font(.system(size: 40, weight: .bold)) }
                    ZStack {
                        Color.blue
                        Image(systemName: "bell.fill").font(.system(size: 40)).foregroundStyle(.white)
                    }
                    .frame(width: 80, height: 80)
                    .mask(Circle())
                    .shadow(color: .black.opacity(0.5), radius: 4, x: 4, y: 4)
                }
                ZStack {
                    Color.red
                    Color.blue.frame(width: 60, height: 60)
                }
                .frame(width: 120, height: 120)
                .mask(RoundedRectangle(cornerRadius: 20).opacity(0.5))
            }
            .padding(16)
            .frame(width: 640, height: 240, alignment: .topLeading)
        }
    }

    @Test func masksAsPanelsUseThem() {
        let host = TestHost(rootView: Panel(), width: 640, height: 240)
        host.runFrame()
        #expect(host.warnings.isEmpty, "\(host.warnings)")
        expectGolden(host, named: "ui-masks")
    }
}

/// Every blend mode, one tile each: a circle of orange and a label blended over a gradient of blue to yellow with
/// a grey band, against a golden image (`Tests/Goldens/ui-blend-modes.png`). Looked at: multiply darkens,
/// screen lightens, difference inverts over yellow, hue/colour keep the backdrop's luminosity,
/// destination-over puts the circle under the backdrop (hidden), destination-out cuts it out.
@MainActor
struct BlendModeGoldenTests {
    static let modes: [(String, ScanoutUI.BlendMode)] = [
        ("normal", .normal), ("multiply", .multiply), ("screen", .screen), ("overlay", .overlay), ("darken", .darken),
        ("lighten", .lighten), ("colorDodge", .colorDodge), ("colorBurn", .colorBurn), ("softLight", .softLight),
        ("hardLight", .hardLight), ("difference", .difference), ("exclusion", .exclusion), ("hue", .hue),
        ("saturation", .saturation), ("color", .color), ("luminosity", .luminosity), ("sourceAtop", .sourceAtop),
        ("destinationOver", .destinationOver), ("destinationOut", .destinationOut), ("plusDarker", .plusDarker),
        ("plusLighter", .plusLighter),
    ]

    struct Tile: View {
        let name: String
        let mode: ScanoutUI.BlendMode
        var body: some View {
            ZStack {
                LinearGradient(colors: [.blue, .yellow], startPoint: .topLeading, endPoint: .bottomTrailing)
                Color.gray.frame(height: 14)
                Circle().fill(Color.orange).frame(width: 56, height: 56).blendMode(mode)
                Text(name).font(.system(size: 11, weight: .bold)).foregroundStyle(.white).blendMode(mode)
                    .frame(maxHeight: .infinity, alignment: .bottom).padding(.bottom, 4)
            }
            .frame(width: 110, height: 84)
            .compositingGroup()
        }
    }

    @Test func everyBlendMode() {
        let host = TestHost(rootView: LazyVGrid(columns: Array(repeating: GridItem(.fixed(110), spacing: 6), count: 7), spacing: 6) {
            ForEach(Self.modes.indices, id: \.self) { i in Tile(name: Self.modes[i].0, mode: Self.modes[i].1) }
        }.padding(8).frame(width: 800, height: 290, alignment: .topLeading), width: 800, height: 290)
        host.runFrame()
        #expect(host.warnings.isEmpty, "\(host.warnings)")
        expectGolden(host, named: "ui-blend-modes")
    }
}
