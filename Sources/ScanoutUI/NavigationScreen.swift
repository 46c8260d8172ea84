import Observation

extension TupleView: AnyTupleChildren {
    var childViews: [any View] { children }
}

/// What the views of one screen of a navigation stack say about its bar (title, items, back button), written
/// where they are declared (`navigationTitle`, `toolbar` …) and read by the bar (observed: a new title redraws
/// only the bar).
@MainActor @Observable
final class NavigationScreenModel {
    /// Looked up for the bar's locale when drawn, as any text.
    var title = Text(verbatim: "")
    var displayMode = NavigationBarItem.TitleDisplayMode.automatic
    var backHidden = false
    /// `toolbar(.hidden, for: .navigationBar)`: no bar over the content (nor its back button).
    var barHidden = false
    var bottomBarHidden = false
    var toolbar: ToolbarContent?
    /// `toolbarBackground(_:for:)` and `toolbarColorScheme(_:for:)`, per bar (navigation, bottom).
    var barAppearance: [ToolbarPlacement.Bar: BarAppearance] = [:]
}

/// How a screen's bar is painted: its background style (nil: the system's), whether the background is shown,
/// and the colour scheme of what is on it (nil: the app's).
struct BarAppearance: Equatable {
    var background: BarBackground?
    var backgroundVisibility = Visibility.automatic
    var colorScheme: ColorScheme?
}

/// A bar background style, compared as styles are (see `StyleIdentity`).
struct BarBackground: Equatable, @unchecked Sendable {  // styles are values made and read on the main actor
    let style: any ShapeStyle
    nonisolated static func == (a: Self, b: Self) -> Bool { StyleIdentity.same(a.style, b.style) }
}

extension View {
    /// A bar's background, colour scheme and separator (at the edge that meets the content) by `appearance`:
    /// a bar whose background is hidden shows what is under it, without a separator; the scheme is outermost,
    /// so the bar's default background resolves in it too.
    func bar(_ appearance: BarAppearance?, separatorAt edge: Alignment) -> some View {
        barBackground(appearance)
            .barColorScheme(appearance)
            .overlay(alignment: edge) { if appearance?.backgroundVisibility != .hidden { Palette.separator.frame(height: 1) } }
    }

    /// Paints a bar with this background (a bar whose background is hidden shows what is under the bar).
    @ViewBuilder private func barBackground(_ appearance: BarAppearance?) -> some View {
        if appearance?.backgroundVisibility == .hidden {
            self
        } else if let style = appearance?.background?.style {
            background(Self.filledRectangle(style))
        } else {
            background(Palette.raisedBackground)
        }
    }

    private static func filledRectangle<S: ShapeStyle>(_ style: S) -> AnyView { AnyView(Rectangle().fill(style)) }

    /// A bar, its background included, in the bar's colour scheme.
    @ViewBuilder private func barColorScheme(_ appearance: BarAppearance?) -> some View {
        if let scheme = appearance?.colorScheme { environment(\.colorScheme, scheme) } else { self }
    }
}

struct NavigationScreenModelKey: EnvironmentKey { static let defaultValue = WeakReference<NavigationScreenModel>(nil) }

extension EnvironmentValues {
    /// Weak (see `WeakReference`): the screen's state owns the model.
    var navigationScreen: NavigationScreenModel? {
        get { self[NavigationScreenModelKey.self].object }
        set { self[NavigationScreenModelKey.self] = WeakReference(newValue) }
    }
}

/// Writes to the model of the screen the view is in when the modifier's value is new.
struct NavigationScreenWriter: ViewModifier {
    let write: @MainActor (NavigationScreenModel) -> Void
    @Environment(\.navigationScreen) private var model

    func body(content: Content) -> some View {
        if let model { write(model) }
        return content
    }
}

/// One screen of a stack: its bar over its content, and a bottom bar when it has bottom items.
struct NavigationScreen: View {
    let level: Int
    let content: AnyView
    @State private var model = NavigationScreenModel()
    @Environment(\.navigationController) private var controller

    var body: some View {
        controller?.register(model, level: level)
        return VStack(spacing: 0) {
            if !model.barHidden { NavigationBar(model: model, level: level) }
            content
                .frame(maxWidth: .infinity, maxHeight: .infinity)
                .environment(\.navigationScreen, model)
            BottomBar(model: model)
        }
    }
}

struct NavigationBar: View {
    let model: NavigationScreenModel
    let level: Int
    @Environment(\.navigationController) private var controller

    private var large: Bool {
        model.displayMode == .large || (model.displayMode == .automatic && level == 0 && !model.title.string.isEmpty)
    }

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            ZStack {
                HStack(spacing: 8) {
                    if level > 0 && !model.backHidden {
                        Button { controller?.popTop() } label: {
                            HStack(spacing: 6) {
                                ChevronShape(pointsRight: false).stroke(Palette.tint, lineWidth: 3).frame(width: 11, height: 20)
                                backTitle
                            }
                            .frame(minWidth: Palette.minimumHitTarget, minHeight: Palette.minimumHitTarget, alignment: .leading)
                            .contentShape(Rectangle())
                        }
                    }
                    slot(.leading)
                    Spacer(minLength: 0)
                    slot(.trailing)
                }
                if let toolbar = model.toolbar, toolbar.itemsOnly, hasPrincipal {
                    slot(.principal)
                } else if !large {
                    model.title.font(.headline)
                }
            }
            .padding(.horizontal, Palette.rowPadding)
            .frame(height: Palette.navigationBarHeight)
            if large {
                model.title.font(.largeTitle.bold())
                    .padding(.horizontal, Palette.rowPadding)
                    .frame(height: Palette.largeTitleHeight, alignment: .bottomLeading)
            }
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .bar(model.barAppearance[.navigationBar], separatorAt: .bottom)
    }

    /// The back button names the screen it returns to, as SwiftUI's does, or says "Back" when that screen has
    /// no title or one too long for the button.
    private var backTitle: Text {
        guard let previous = controller?.screenModel(at: level - 1)?.title else { return Text("Back") }
        let s = previous.string
        return s.isEmpty || s.count > Self.longestBackTitle ? Text("Back") : previous
    }

    static let longestBackTitle = 14

    private var hasPrincipal: Bool { model.toolbar?.slots.contains(.principal) == true }

    @ViewBuilder private func slot(_ s: ToolbarItemPlacement.Slot) -> some View {
        if let toolbar = model.toolbar {
            if toolbar.itemsOnly {
                HStack(spacing: 16) { toolbar.view }.environment(\.toolbarSlot, s)
            } else if s == .trailing {
                HStack(spacing: 16) { toolbar.view }
            }
        }
    }
}

struct BottomBar: View {
    let model: NavigationScreenModel
    var body: some View {
        if let toolbar = model.toolbar, toolbar.itemsOnly, toolbar.hasBottomItems, !model.bottomBarHidden {
            HStack(spacing: 16) { toolbar.view }
                .environment(\.toolbarSlot, .bottom)
                .padding(.horizontal, Palette.rowPadding)
                .frame(maxWidth: .infinity, minHeight: Palette.navigationBarHeight)
                .bar(model.barAppearance[.bottomBar], separatorAt: .top)
        }
    }
}

extension ToolbarContent {
    var hasBottomItems: Bool { bottomItems }
}
