/// Geometry passed up as a preference (SwiftUI's `Anchor`, `anchorPreference`, `overlayPreferenceValue`): a
/// view publishes a rectangle or point of its own frame, an ancestor reads it back in its own coordinates
/// through a `GeometryProxy` — a tab bar's moving underline, a tooltip pointing at a control. Anchors are
/// taken from the frames of the last layout; after each layout the preferences are read again, and a changed
/// value updates its readers before the frame is drawn.

/// A rectangle or point of a view's frame, to be read in another view's coordinates (`GeometryProxy[anchor]`).
/// Held in the screen's coordinates.
public struct Anchor<Value>: Sendable {
    let global: CGRect

    /// What an anchor is taken from: a rectangle or point in the view's own coordinates.
    public struct Source: Sendable {
        enum Kind: Sendable {
            case bounds
            case rect(CGRect)
            case point(CGPoint)
            case unitPoint(UnitPoint)
        }
        let kind: Kind

        /// The anchor of a view whose frame is `frame` (screen coordinates).
        func anchor(in frame: CGRect) -> Anchor<Value> {
            switch kind {
            case .bounds: return Anchor(global: frame)
            case .rect(let r): return Anchor(global: r.offsetBy(dx: frame.minX, dy: frame.minY))
            case .point(let p): return Anchor(global: CGRect(x: frame.minX + p.x, y: frame.minY + p.y, width: 0, height: 0))
            case .unitPoint(let u):
                return Anchor(global: CGRect(x: frame.minX + u.x * frame.width, y: frame.minY + u.y * frame.height, width: 0, height: 0))
            }
        }
    }

    /// The value in the coordinates of a view whose frame has its origin at `origin` (screen coordinates).
    func value(relativeTo origin: CGPoint) -> Value {
        let r = global.offsetBy(dx: -origin.x, dy: -origin.y)
        if let rect = r as? Value { return rect }
        return r.origin as! Value  // a point anchor (the only other kind a source makes)
    }
}

extension Anchor: Equatable where Value: Equatable {
    public static func == (a: Anchor, b: Anchor) -> Bool { a.global == b.global }
}

extension Anchor: Hashable where Value: Hashable {
    public func hash(into hasher: inout Hasher) { hasher.combine(global.origin.x); hasher.combine(global.origin.y); hasher.combine(global.size.width); hasher.combine(global.size.height) }
}

extension Anchor.Source where Value == CGRect {
    /// The view's whole frame.
    public static var bounds: Anchor<CGRect>.Source { .init(kind: .bounds) }
    /// A rectangle in the view's coordinates.
    public static func rect(_ r: CGRect) -> Anchor<CGRect>.Source { .init(kind: .rect(r)) }
}

extension Anchor.Source where Value == CGPoint {
    /// A point in the view's coordinates.
    public static func point(_ p: CGPoint) -> Anchor<CGPoint>.Source { .init(kind: .point(p)) }
    /// A point at a fraction of the view's size.
    public static func unitPoint(_ p: UnitPoint) -> Anchor<CGPoint>.Source { .init(kind: .unitPoint(p)) }
    public static var topLeading: Anchor<CGPoint>.Source { unitPoint(.topLeading) }
    public static var top: Anchor<CGPoint>.Source { unitPoint(.top) }
    public static var topTrailing: Anchor<CGPoint>.Source { unitPoint(.topTrailing) }
    public static var leading: Anchor<CGPoint>.Source { unitPoint(.leading) }
    public static var center: Anchor<CGPoint>.Source { unitPoint(.center) }
    public static var trailing: Anchor<CGPoint>.Source { unitPoint(.trailing) }
    public static var bottomLeading: Anchor<CGPoint>.Source { unitPoint(.bottomLeading) }
    public static var bottom: Anchor<CGPoint>.Source { unitPoint(.bottom) }
    public static var bottomTrailing: Anchor<CGPoint>.Source { unitPoint(.bottomTrailing) }
}

extension GeometryProxy {
    /// The anchor's rectangle or point in this view's coordinates.
    public subscript<T>(anchor: Anchor<T>) -> T { anchor.value(relativeTo: globalFrame.origin) }
}

struct AnchorPreferenceWriter<A, K: PreferenceKey>: PrimitiveModifier {
    let source: Anchor<A>.Source
    /// Given the content's value (or the key's default) and the anchor; `replaces`: the content's value is not
    /// given (`anchorPreference`), only its default.
    let transform: (inout K.Value, Anchor<A>) -> Void
    let replaces: Bool
    func makeBehavior() -> ModifierBehavior { AnchorPreferenceWriterBehavior<A, K>() }
}

final class AnchorPreferenceWriterBehavior<A, K: PreferenceKey>: PreferenceSourceBehavior<K> {
    private var writer: AnchorPreferenceWriter<A, K>!
    private var registered = false

    override func updateModifier(_ modifier: any ViewModifier) {
        writer = modifier.known(as: AnchorPreferenceWriter<A, K>.self)
        if !registered {
            registered = true
            node.host.anchorPreferenceWriters += 1
        }
    }

    override func value(content: () -> K.Value?) -> K.Value? {
        var v = writer.replaces ? K.defaultValue : content() ?? K.defaultValue
        writer.transform(&v, writer.source.anchor(in: node.frame))
        return v
    }

    override func destroyed() {
        if registered { node.host.anchorPreferenceWriters -= 1 }
        registered = false
    }
}

/// The latest value of `K` a layer's content produced, shared by the layer's body and its reader.
final class PreferenceValueBox<K: PreferenceKey> {
    var value = K.defaultValue
    var generation = -1
}

struct PreferenceValueReader<K: PreferenceKey>: PrimitiveModifier {
    let box: PreferenceValueBox<K>
    let changed: Binding<Int>
    func makeBehavior() -> ModifierBehavior { PreferenceValueReaderBehavior<K>() }
}

/// Reads the content's value after every body pass and layout; a new value is put in the box and the layer's
/// body is evaluated again. A value that is not `Equatable` counts as new once per update.
final class PreferenceValueReaderBehavior<K: PreferenceKey>: PreferenceReadingBehavior<K> {
    private var reader: PreferenceValueReader<K>!

    override func updateModifier(_ modifier: any ViewModifier) {
        reader = modifier.known(as: PreferenceValueReader<K>.self)
        register()
    }

    override func read(_ value: K.Value) {
        let box = reader.box
        if let same = Self.equal(value, box.value) {
            if same { return }
        } else if box.generation == node.host.updateGeneration {
            return
        }
        box.value = value
        box.generation = node.host.updateGeneration
        let changed = reader.changed
        node.host.enqueue(from: node) { changed.wrappedValue &+= 1 }
    }

    /// Whether two values are equal; nil when their type is not `Equatable`.
    private static func equal(_ a: K.Value, _ b: K.Value) -> Bool? {
        guard let a = a as? any Equatable else { return nil }
        return a.isEqual(to: b)
    }
}

extension Equatable {
    fileprivate func isEqual(to other: Any) -> Bool { (other as? Self).map { $0 == self } ?? false }
}

/// `overlayPreferenceValue` and `backgroundPreferenceValue`: the view built from the content's value of `K`,
/// over or under the content.
struct PreferenceValueLayer<K: PreferenceKey, V: View>: ViewModifier {
    let alignment: Alignment
    let isBackground: Bool
    let transform: (K.Value) -> V
    @State private var box = PreferenceValueBox<K>()
    @State private var version = 0

    func body(content: Content) -> some View {
        let _ = version  // a new value evaluates this body again
        let read = content.modifier(PreferenceValueReader<K>(box: box, changed: $version))
        let layer = transform(box.value)
        if isBackground {
            read.background(alignment: alignment) { layer }
        } else {
            read.overlay(alignment: alignment) { layer }
        }
    }
}

extension View {
    /// Publishes `transform` of an anchor taken from this view's geometry as its value of `key` (SwiftUI's
    /// `anchorPreference(key:value:transform:)`): an ancestor reads the anchor in its own coordinates with
    /// `GeometryProxy[anchor]`.
    public func anchorPreference<A, K: PreferenceKey>(key _: K.Type = K.self, value: Anchor<A>.Source,
                                                      transform: @escaping (Anchor<A>) -> K.Value) -> some View {
        modifier(AnchorPreferenceWriter<A, K>(source: value, transform: { v, anchor in v = transform(anchor) }, replaces: true))
    }

    /// Changes this view's content's value of `key` with an anchor of this view's geometry (SwiftUI's
    /// `transformAnchorPreference(key:value:transform:)`).
    public func transformAnchorPreference<A, K: PreferenceKey>(key _: K.Type = K.self, value: Anchor<A>.Source,
                                                               transform: @escaping (inout K.Value, Anchor<A>) -> Void) -> some View {
        modifier(AnchorPreferenceWriter<A, K>(source: value, transform: transform, replaces: false))
    }

    /// Puts the view `transform` makes of this view's value of `key` over it (SwiftUI's
    /// `overlayPreferenceValue(_:alignment:_:)`), made again when the value changes.
    public func overlayPreferenceValue<K: PreferenceKey, V: View>(_ key: K.Type = K.self, alignment: Alignment = .center,
                                                                  @ViewBuilder _ transform: @escaping (K.Value) -> V) -> some View {
        modifier(PreferenceValueLayer<K, V>(alignment: alignment, isBackground: false, transform: transform))
    }

    /// Puts the view `transform` makes of this view's value of `key` behind it (SwiftUI's
    /// `backgroundPreferenceValue(_:alignment:_:)`), made again when the value changes.
    public func backgroundPreferenceValue<K: PreferenceKey, V: View>(_ key: K.Type = K.self, alignment: Alignment = .center,
                                                                     @ViewBuilder _ transform: @escaping (K.Value) -> V) -> some View {
        modifier(PreferenceValueLayer<K, V>(alignment: alignment, isBackground: true, transform: transform))
    }
}
