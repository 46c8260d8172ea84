/// A container of grouped controls for settings and data entry (SwiftUI's `Form`): laid out as an inset
/// grouped list, whatever `listStyle` is around it, each control a row and each `Section` a group of cells.
public struct Form<Content: View>: View {
    let content: Content
    @Environment(\.scrollContentBackground) private var backgroundVisibility
    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    public var body: some View {
        ScrollView {
            ListRows(kind: .insetGrouped, content: content)
                .environment(\.isInList, true)
        }
        .background(Color.scrollContentBackground(Palette.groupedBackground, backgroundVisibility))
    }
}
