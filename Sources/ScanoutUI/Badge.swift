extension View {
    /// A count on this tab's item or at the trailing end of this list row (zero: none).
    public func badge(_ count: Int) -> some View { modifier(BadgeModifier(text: count == 0 ? nil : String(count))) }
    /// A text on this tab's item or at the trailing end of this list row (nil: none).
    public func badge(_ label: Text?) -> some View { modifier(BadgeModifier(text: label?.content)) }
    public func badge<S: StringProtocol>(_ label: S?) -> some View { modifier(BadgeModifier(text: label.map { String($0) })) }
}

struct BadgeModifier: ViewModifier {
    let text: String?
    @Environment(\.isInList) private var inList

    func body(content: Content) -> some View {
        if inList, let text {
            HStack {
                content
                Spacer(minLength: 8)
                Text(text).foregroundStyle(.secondary)
            }
        } else {
            content
        }
    }
}

/// A tab item's badge: white text on a red capsule.
struct BadgeView: View {
    let text: String
    var body: some View {
        Text(text)
            .font(.caption.bold())
            .foregroundColor(.white)
            .padding(.horizontal, 6)
            .frame(minWidth: 20, minHeight: 20)
            .background(Capsule().fill(Palette.destructive))
    }
}
