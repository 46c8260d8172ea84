/// A container of grouped controls for settings and data entry (SwiftUI's `Form`): laid out as an inset
/// grouped list, whatever `listStyle` is around it, each control a row and each `Section` a group of cells.
public struct Form<Content: View>: View {
    let content: Content
    @Environment(\.scrollContentBackground) private var backgroundVisibility
    @Environment(\.listRowSpacing) private var rowSpacing
    @Environment(\.listSectionSpacing) private var sectionSpacing
    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    public var body: some View {
        ScrollView {
            ListRows(kind: .insetGrouped, content: content, rowSpacing: rowSpacing, sectionSpacing: sectionSpacing)
                .environment(\.isInList, true)
        }
        .background(Color.scrollContentBackground(Palette.groupedBackground, backgroundVisibility))
    }
}
