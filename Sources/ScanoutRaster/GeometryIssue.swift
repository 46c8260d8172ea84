/// Why a canvas drew an item differently from what it was asked, reported through `Canvas.geometryIssue`.
///
/// Every drawing call accepts any `Double`: an item with a non-finite coordinate, line width or transform, or
/// under a transform that collapses the plane, draws nothing; an extreme dash pattern is simplified. The raster
/// module never prints: the layer above decides how to tell (ScanoutRender forwards each issue with the item
/// that caused it).
public enum GeometryIssue: Sendable, Hashable {
    /// A path point, rectangle, line width, dash or arc value was infinite or NaN: nothing was drawn.
    case nonFiniteGeometry
    /// The transform had an infinite or NaN entry: nothing was drawn.
    case nonFiniteTransform
    /// The transform collapses the plane (determinant 0): nothing was drawn.
    case singularTransform
    /// The dash period is below half a device pixel: the stroke was drawn solid at the dashes' mean coverage.
    case dashPeriodBelowPixel
    /// The dashes that can reach the surface exceeded `Canvas.maxDashPieces`: the stroke was drawn solid at
    /// the dashes' mean coverage.
    case tooManyDashes
}
