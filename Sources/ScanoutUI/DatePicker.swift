#if canImport(Glibc)
import Glibc
#endif

/// A control for choosing a date, a time of day, or both (SwiftUI's `DatePicker`) — thermostat schedules,
/// timers, maintenance dates. Styles (`.datePickerStyle`): `.compact` (the default, as on iOS: the label and
/// the value in tinted capsules; tapping one opens a card of wheels beside it in the presentation layer) and
/// `.wheel` (the wheels in place). Wheels are the wheel picker's: month, day and year for `.date`; hours and
/// minutes (with AM/PM where the clock has 12 hours: see `Text(_:style:)`) for `.hourAndMinute`. Dates are in
/// the board's local time (the C library's); a range keeps the choice inside it (the wheels offer only its
/// years). `.graphical`: a month's calendar (`CalendarMonth`) and, for `.hourAndMinute`, the time as `.compact`
/// shows it.
public struct DatePicker<Label: View>: View {
    let selection: Binding<Date>
    let range: ClosedRange<Date>?
    let components: Components
    let label: Label
    @Environment(\.datePickerStyleKind) private var style
    @Environment(\.labelsVisibility) private var labelsVisibility
    @State private var open: Components?

    public typealias Components = DatePickerComponents

    public init(selection: Binding<Date>, displayedComponents: Components = [.hourAndMinute, .date], @ViewBuilder label: () -> Label) {
        self.selection = selection; self.range = nil; self.components = displayedComponents; self.label = label()
    }

    public init(selection: Binding<Date>, in range: ClosedRange<Date>, displayedComponents: Components = [.hourAndMinute, .date],
                @ViewBuilder label: () -> Label) {
        self.selection = selection; self.range = range; self.components = displayedComponents; self.label = label()
    }

    public init(selection: Binding<Date>, in range: PartialRangeFrom<Date>, displayedComponents: Components = [.hourAndMinute, .date],
                @ViewBuilder label: () -> Label) {
        self.init(selection: selection, in: range.lowerBound...Date.distantFuture, displayedComponents: displayedComponents, label: label)
    }

    public init(selection: Binding<Date>, in range: PartialRangeThrough<Date>, displayedComponents: Components = [.hourAndMinute, .date],
                @ViewBuilder label: () -> Label) {
        self.init(selection: selection, in: Date.distantPast...range.upperBound, displayedComponents: displayedComponents, label: label)
    }

    public var body: some View {
        let binding = selection, range = self.range
        let wheels = DateWheels(selection: binding, range: range)
        switch style {
        case .graphical:
            VStack(alignment: .leading, spacing: 8) {
                if labelsVisibility != .hidden { label }
                if components.contains(.date) { CalendarMonth(selection: binding, range: range) }
                if components.contains(.hourAndMinute) {
                    // The time of day as the compact style shows it, below the month (as iOS does).
                    DatePicker<Text>(selection: binding, displayedComponents: .hourAndMinute, label: { Text("Time") })
                        .datePickerStyle(.compact)
                }
            }
        case .wheel:
            VStack(alignment: .leading, spacing: 4) {
                if labelsVisibility != .hidden { label }
                HStack(spacing: 4) {
                    if components.contains(.date) { wheels.dateWheels }
                    if components.contains(.hourAndMinute) { wheels.timeWheels }
                }
            }
        case .compact:
            let openPart = $open
            HStack {
                ControlLabel(label: label, spacerMinLength: 8)
                if components.contains(.date) {
                    capsule(Text(verbatim: LiveDate.shortCalendarDate(selection.wrappedValue)), part: .date, wheels: wheels, open: openPart)
                }
                if components.contains(.hourAndMinute) {
                    capsule(Text(selection.wrappedValue, style: .time), part: .hourAndMinute, wheels: wheels, open: openPart)
                }
            }
            .frame(minHeight: Palette.minimumHitTarget)
        }
    }

    /// The value in a tinted capsule; tapped, a card with its wheels opens beside it.
    private func capsule(_ text: Text, part: Components, wheels: DateWheels, open: Binding<Components?>) -> some View {
        Button { open.wrappedValue = part } label: {
            text
                .foregroundStyle(.tint)
                .lineLimit(1)
                .fixedSize()
                .padding(.horizontal, 12)
                .padding(.vertical, 6)
                .background(Palette.controlBackground, in: Capsule())
        }
        .buttonStyle(.plain)
        .modifier(PresentationAnchorModifier(content: open.wrappedValue == part ? { anchor in
            DateWheelsCard(anchor: anchor, close: { open.wrappedValue = nil }) {
                if part == .date { wheels.dateWheels } else { wheels.timeWheels }
            }
        } : nil))
    }
}

extension DatePicker where Label == Text {
    public init(_ titleKey: LocalizedStringKey, selection: Binding<Date>, displayedComponents: Components = [.hourAndMinute, .date]) {
        self.init(selection: selection, displayedComponents: displayedComponents) { Text(titleKey) }
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<Date>, displayedComponents: Components = [.hourAndMinute, .date]) {
        self.init(selection: selection, displayedComponents: displayedComponents) { Text(String(title)) }
    }

    public init(_ titleKey: LocalizedStringKey, selection: Binding<Date>, in range: ClosedRange<Date>,
                displayedComponents: Components = [.hourAndMinute, .date]) {
        self.init(selection: selection, in: range, displayedComponents: displayedComponents) { Text(titleKey) }
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<Date>, in range: ClosedRange<Date>,
                                   displayedComponents: Components = [.hourAndMinute, .date]) {
        self.init(selection: selection, in: range, displayedComponents: displayedComponents) { Text(String(title)) }
    }

    public init(_ titleKey: LocalizedStringKey, selection: Binding<Date>, in range: PartialRangeFrom<Date>,
                displayedComponents: Components = [.hourAndMinute, .date]) {
        self.init(selection: selection, in: range, displayedComponents: displayedComponents) { Text(titleKey) }
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<Date>, in range: PartialRangeFrom<Date>,
                                   displayedComponents: Components = [.hourAndMinute, .date]) {
        self.init(selection: selection, in: range, displayedComponents: displayedComponents) { Text(String(title)) }
    }

    public init(_ titleKey: LocalizedStringKey, selection: Binding<Date>, in range: PartialRangeThrough<Date>,
                displayedComponents: Components = [.hourAndMinute, .date]) {
        self.init(selection: selection, in: range, displayedComponents: displayedComponents) { Text(titleKey) }
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<Date>, in range: PartialRangeThrough<Date>,
                                   displayedComponents: Components = [.hourAndMinute, .date]) {
        self.init(selection: selection, in: range, displayedComponents: displayedComponents) { Text(String(title)) }
    }
}

/// What a date picker chooses (SwiftUI's `DatePickerComponents`).
public struct DatePickerComponents: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let date = DatePickerComponents(rawValue: 1)
    public static let hourAndMinute = DatePickerComponents(rawValue: 2)
}

// MARK: Styles

enum DatePickerStyleKind: Hashable, Sendable { case compact, wheel, graphical }

/// How a date picker looks (SwiftUI's `DatePickerStyle`).
public protocol DatePickerStyle {}
protocol BuiltInDatePickerStyle { var kind: DatePickerStyleKind { get } }
public struct DefaultDatePickerStyle: DatePickerStyle, BuiltInDatePickerStyle { public init() {}; var kind: DatePickerStyleKind { .compact } }
public struct CompactDatePickerStyle: DatePickerStyle, BuiltInDatePickerStyle { public init() {}; var kind: DatePickerStyleKind { .compact } }
public struct WheelDatePickerStyle: DatePickerStyle, BuiltInDatePickerStyle { public init() {}; var kind: DatePickerStyleKind { .wheel } }
public struct GraphicalDatePickerStyle: DatePickerStyle, BuiltInDatePickerStyle { public init() {}; var kind: DatePickerStyleKind { .graphical } }
extension DatePickerStyle where Self == DefaultDatePickerStyle { public static var automatic: DefaultDatePickerStyle { .init() } }
extension DatePickerStyle where Self == CompactDatePickerStyle { public static var compact: CompactDatePickerStyle { .init() } }
extension DatePickerStyle where Self == WheelDatePickerStyle { public static var wheel: WheelDatePickerStyle { .init() } }
extension DatePickerStyle where Self == GraphicalDatePickerStyle { public static var graphical: GraphicalDatePickerStyle { .init() } }

struct DatePickerStyleKindKey: EnvironmentKey { static let defaultValue = DatePickerStyleKind.compact }

extension EnvironmentValues {
    var datePickerStyleKind: DatePickerStyleKind {
        get { self[DatePickerStyleKindKey.self] }
        set { self[DatePickerStyleKindKey.self] = newValue }
    }
}

extension View {
    /// The style of the date pickers in this view.
    public func datePickerStyle<S: DatePickerStyle>(_ style: S) -> some View {
        environment(\.datePickerStyleKind, (style as? BuiltInDatePickerStyle)?.kind ?? .compact)
    }
}

// MARK: Wheels

/// A date's parts in the board's local time, and back.
struct LocalDateParts: Equatable {
    var year: Int
    /// 0...11
    var month: Int
    var day: Int
    var hour: Int
    var minute: Int
    var second: Int

    init(_ date: Date) {
        var t = time_t(date.timeIntervalSince1970.rounded(.down))
        var tm = tm()
        localtime_r(&t, &tm)
        year = Int(tm.tm_year) + 1900; month = Int(tm.tm_mon); day = Int(tm.tm_mday)
        hour = Int(tm.tm_hour); minute = Int(tm.tm_min); second = Int(tm.tm_sec)
    }

    /// The date of these parts (the day clamped to the month's length; daylight saving decided by the zone).
    var date: Date {
        var tm = tm()
        tm.tm_year = Int32(year - 1900); tm.tm_mon = Int32(month)
        tm.tm_mday = Int32(Swift.min(day, Self.days(inMonth: month, year: year)))
        tm.tm_hour = Int32(hour); tm.tm_min = Int32(minute); tm.tm_sec = Int32(second)
        tm.tm_isdst = -1
        return Date(timeIntervalSince1970: Double(mktime(&tm)))
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                             "September", "October", "November", "December"]

    static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 1: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 3, 5, 8, 10: return 30
        default: return 31
        }
    }
}

/// The wheels of a date picker, each changing one part of the selection.
@MainActor
struct DateWheels {
    let selection: Binding<Date>
    let range: ClosedRange<Date>?

    static var monthNames: [String] { LocalDateParts.monthNames }
    /// Years offered without a range: this many each side of the chosen one.
    static let yearSpan = 50

    private var parts: LocalDateParts { LocalDateParts(selection.wrappedValue) }

    /// Sets one part; the result is kept inside the range.
    private func choose(_ change: (inout LocalDateParts) -> Void) {
        var p = parts
        change(&p)
        var d = p.date
        if let range { d = Swift.min(Swift.max(d, range.lowerBound), range.upperBound) }
        selection.wrappedValue = d
    }

    private func wheel(_ labels: [String], selected: Int, width: CGFloat, _ chosen: @escaping @MainActor (Int) -> Void) -> some View {
        WheelPicker(model: PickerModel(options: labels.map { PickerOption(tag: nil, view: AnyView(Text($0))) },
                                       selected: selected, choose: chosen))
            .frame(width: width)
    }

    private var years: ClosedRange<Int> {
        let y = parts.year
        guard let range else { return (y - Self.yearSpan)...(y + Self.yearSpan) }
        let lo = Swift.max(LocalDateParts(range.lowerBound).year, y - 200), hi = Swift.min(LocalDateParts(range.upperBound).year, y + 200)
        return Swift.min(lo, y)...Swift.max(hi, y)
    }

    var dateWheels: some View {
        let p = parts, years = self.years
        let days = LocalDateParts.days(inMonth: p.month, year: p.year)
        let choose = self.choose
        return HStack(spacing: 4) {
            wheel(Self.monthNames, selected: p.month, width: 130) { m in choose { $0.month = m } }
            wheel((1...days).map { "\($0)" }, selected: p.day - 1, width: 60) { d in choose { $0.day = d + 1 } }
            wheel(years.map { "\($0)" }, selected: p.year - years.lowerBound, width: 80) { i in choose { $0.year = years.lowerBound + i } }
        }
    }

    var timeWheels: some View {
        let p = parts
        let choose = self.choose
        let twelve = LiveDate.usesTwelveHoursClock
        return HStack(spacing: 4) {
            if twelve {
                wheel((1...12).map { "\($0)" }, selected: (p.hour + 11) % 12, width: 60) { i in
                    choose { $0.hour = ($0.hour >= 12 ? 12 : 0) + (i + 1) % 12 }
                }
            } else {
                wheel((0..<24).map { $0 < 10 ? "0\($0)" : "\($0)" }, selected: p.hour, width: 60) { h in choose { $0.hour = h } }
            }
            wheel((0..<60).map { $0 < 10 ? "0\($0)" : "\($0)" }, selected: p.minute, width: 60) { m in choose { $0.minute = m } }
            if twelve {
                wheel(["AM", "PM"], selected: p.hour >= 12 ? 1 : 0, width: 64) { i in choose { $0.hour = $0.hour % 12 + 12 * i } }
            }
        }
    }
}

/// A compact date picker's open wheels: a card beside the value, closed by a tap outside, Escape or Done.
struct DateWheelsCard<Wheels: View>: View {
    let anchor: PresentationAnchor
    let close: @MainActor () -> Void
    @ViewBuilder let wheels: () -> Wheels

    var body: some View {
        MenuPlacement(anchor: anchor) {
            Color.clear.contentShape(Rectangle()).onTapGesture { close() }
            VStack(alignment: .trailing, spacing: 4) {
                wheels()
                Button("Done") { close() }
                    .frame(minHeight: Palette.minimumHitTarget)
            }
            .padding(12)
            .background(Palette.elevatedBackground, in: RoundedRectangle(cornerRadius: 14))
            .overlay(RoundedRectangle(cornerRadius: 14).strokeBorder(Palette.separator))
            .onKeyPress(.escape) {
                close()
                return .handled
            }
        }
    }
}
