import ScanoutRender

/// How a view's drawing is combined with what is under it (SwiftUI's `BlendMode`), by the W3C Compositing and
/// Blending formulas.
public enum BlendMode: Hashable, Sendable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight
    case difference, exclusion, hue, saturation, color, luminosity
    case sourceAtop, destinationOver, destinationOut, plusDarker, plusLighter

    var raster: ScanoutRaster.BlendMode {
        switch self {
        case .normal: return .normal
        case .multiply: return .multiply
        case .screen: return .screen
        case .overlay: return .overlay
        case .darken: return .darken
        case .lighten: return .lighten
        case .colorDodge: return .colorDodge
        case .colorBurn: return .colorBurn
        case .softLight: return .softLight
        case .hardLight: return .hardLight
        case .difference: return .difference
        case .exclusion: return .exclusion
        case .hue: return .hue
        case .saturation: return .saturation
        case .color: return .color
        case .luminosity: return .luminosity
        case .sourceAtop: return .sourceAtop
        case .destinationOver: return .destinationOver
        case .destinationOut: return .destinationOut
        case .plusDarker: return .plusDarker
        case .plusLighter: return .plusLighter
        }
    }
}

struct BlendModeModifier: PrimitiveModifier {
    let mode: BlendMode
    func makeBehavior() -> ModifierBehavior { BlendModeBehavior() }
}

/// Draws the content as one group composited with the blend mode (the renderer's `pushBlend`); `.normal`
/// draws it as it is.
final class BlendModeBehavior: ModifierBehavior {
    private var mode: BlendMode?

    override func updateModifier(_ modifier: any ViewModifier) {
        let m = modifier.known(as: BlendModeModifier.self).mode
        guard m != mode else { return }
        let hadOne = mode != nil
        mode = m
        if hadOne { node.setNeedsDisplay() }
    }

    override func draw(into list: inout DisplayList) {
        guard let mode, mode != .normal else { super.draw(into: &list); return }
        list.append(.pushBlend(mode.raster))
        super.draw(into: &list)
        list.append(.pop)
    }
}

extension View {
    /// Combines this view's drawing with what is drawn under it by `blendMode` (SwiftUI's `blendMode(_:)`):
    /// `.multiply` darkens, `.screen` lightens, `.difference` inverts where it is white … The view's drawing
    /// is blended as one group.
    public func blendMode(_ blendMode: BlendMode) -> some View {
        modifier(BlendModeModifier(mode: blendMode))
    }
}
