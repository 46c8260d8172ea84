import ScanoutUI

/// Phone and desktop idioms a panel app keeps: a full-screen view without the status bar, help tags and
/// hover effects from a Mac build, selectable text, a settings form over a picture.
struct SettingsScreen: View {
    @State private var hovering = false
    @State private var brightness = 0.5
    var body: some View {
        Form {
            Section("Display") {
                Slider(value: $brightness).help("Panel brightness")
                Text("Serial 0042").textSelection(.enabled).allowsTightening(true)
                Button("Reset") {}.onHover { hovering = $0 }.help(Text("Reset to the defaults"))
            }
        }
        .scrollContentBackground(.hidden)
        .background(LinearGradient(colors: [.blue, .teal], startPoint: .top, endPoint: .bottom))
        .accentColor(.orange)
        .statusBarHidden(true)
        .persistentSystemOverlays(.hidden)
        .defersSystemGestures(on: .bottom)
    }
}

/// Progress in a custom style wrapping the standard view, and the built-in styles.
struct TankLevel: View {
    var level: Double
    struct Labelled: ProgressViewStyle {
        func makeBody(configuration: Configuration) -> some View {
            HStack {
                configuration.label
                ProgressView(configuration).tint(.blue)
                Text("\(Int((configuration.fractionCompleted ?? 0) * 100)) %")
            }
        }
    }
    var body: some View {
        VStack {
            ProgressView("Tank", value: level).progressViewStyle(Labelled())
            ProgressView().progressViewStyle(.circular)
            ProgressView(value: level).progressViewStyle(.linear)
            ProgressView(value: level).progressViewStyle(LinearProgressViewStyle(tint: .green))
            ProgressView().progressViewStyle(CircularProgressViewStyle(tint: .gray))
        }
        .progressViewStyle(.automatic)
    }
}

/// A branded navigation bar: a coloured background with light text, a transparent bottom bar.
struct BrandedStack: View {
    var body: some View {
        NavigationStack {
            List { Text("Pump 1") }
                .navigationTitle("Pumps")
                .toolbar { ToolbarItem(placement: .bottomBar) { Button("Start") {} } }
                .toolbarBackground(Color.indigo, for: .navigationBar)
                .toolbarBackground(.visible, for: .navigationBar)
                .toolbarColorScheme(.dark, for: .navigationBar)
                .toolbarBackground(.hidden, for: .bottomBar)
                .toolbarColorScheme(nil, for: .bottomBar)
        }
    }
}

/// A carousel of cards whose shadows show past the scroll view, with margins, and padded content.
struct CardCarousel: View {
    var body: some View {
        ScrollView(.horizontal) {
            HStack { ForEach(0..<5) { i in RoundedRectangle(cornerRadius: 12).fill(.white).shadow(radius: 8).frame(width: 200, height: 120) } }
        }
        .scrollClipDisabled()
        .contentMargins(.horizontal, 24, for: .scrollContent)
        .contentMargins(8, for: .scrollIndicators)
        .scrollBounceBehavior(.basedOnSize, axes: .horizontal)
        .safeAreaPadding(.horizontal, 16)
        .safeAreaPadding(EdgeInsets(top: 4, leading: 0, bottom: 4, trailing: 0))
    }
}

/// A log of events under sticky headers (accepted), stamped in ISO 8601.
struct EventLog: View {
    let events: [Date]
    var body: some View {
        ScrollView {
            LazyVStack(alignment: .leading, spacing: 4, pinnedViews: [.sectionHeaders]) {
                Section(header: Text("Today")) {
                    ForEach(events, id: \.self) { Text($0, format: .iso8601) }
                }
            }
            LazyHStack(pinnedViews: .sectionFooters) { Text("A") }
        }
    }
}

/// A paging photo carousel and a card row that snaps to its cards (iOS 17's scroll targets).
struct Carousels: View {
    struct Nearest: ScrollTargetBehavior {
        func updateTarget(_ target: inout ScrollTarget, context: ScrollTargetBehaviorContext) {
            if context.velocity.dx == 0 { target.rect.origin.x = (target.rect.minX / 100).rounded() * 100 }
        }
    }
    var body: some View {
        VStack {
            ScrollView(.horizontal) {
                LazyHStack(spacing: 0) {
                    ForEach(0..<5) { _ in Color.gray.containerRelativeFrame(.horizontal) }
                }
                .scrollTargetLayout()
            }
            .scrollTargetBehavior(.paging)
            ScrollView(.horizontal) {
                HStack { ForEach(0..<9) { _ in RoundedRectangle(cornerRadius: 8).frame(width: 160, height: 90) } }
                    .scrollTargetLayout(isEnabled: true)
            }
            .scrollTargetBehavior(.viewAligned(limitBehavior: .always))
            ScrollView { Text("Log") }.scrollTargetBehavior(Nearest())
            ScrollView { Text("Log") }.scrollTargetBehavior(.viewAligned)
        }
    }
}

/// Forms older or explicit SwiftUI code writes: `edgesIgnoringSafeArea`, `equatable()`, `EquatableView`,
/// `onOpenURL`.
struct LegacyBackdrop: View, Equatable {
    let level: Int
    var body: some View {
        ZStack {
            Color.black.edgesIgnoringSafeArea(.all)
            EquatableView(content: LevelText(level: level))
            LevelText(level: level).equatable()
        }
        .onOpenURL { url in print(url) }
    }
}

struct LevelText: View, Equatable {
    let level: Int
    var body: some View { Text("Level \(level)") }
}
