#if canImport(Glibc)
import Glibc
#endif

/// The graphical date picker's month (`.datePickerStyle(.graphical)`): the month and year with arrows to the
/// months before and after, the weekdays, and the days in a grid of finger-sized cells; the chosen day in a
/// tinted circle, today's number in the tint; days outside the picker's range are dimmed and do nothing.
/// Choosing a day keeps the time of day. Weeks start on Sunday where the locale's region counts them so (the
/// US, Canada, Japan …), else on Monday.
struct CalendarMonth: View {
    let selection: Binding<Date>
    let range: ClosedRange<Date>?
    /// The month on screen, when the arrows moved away from the chosen one (year, month 0...11).
    @State private var shown: MonthOfYear?
    @Environment(\.locale) private var locale
    @Environment(\.tint) private var tint
    @Environment(\.isEnabled) private var isEnabled

    struct MonthOfYear: Equatable {
        var year: Int
        var month: Int

        /// `count` months later (earlier when negative).
        func moved(by count: Int) -> MonthOfYear {
            let index = year * 12 + month + count
            return MonthOfYear(year: index >= 0 ? index / 12 : (index - 11) / 12, month: ((index % 12) + 12) % 12)
        }
    }

    static let cell: CGFloat = 44

    var body: some View {
        let chosen = LocalDateParts(selection.wrappedValue)
        let month = shown ?? MonthOfYear(year: chosen.year, month: chosen.month)
        let firstWeekday = Self.weekStartsOnSunday(locale) ? 0 : 1
        let leading = (Self.weekday(ofFirstDayIn: month) - firstWeekday + 7) % 7
        let days = LocalDateParts.days(inMonth: month.month, year: month.year)
        let today = LocalDateParts(Date())
        let accent = tint ?? .accentColor
        let rows = (leading + days + 6) / 7
        return VStack(spacing: 4) {
            HStack {
                Text(verbatim: "\(LocalDateParts.monthNames[month.month]) \(month.year)").font(.headline)
                Spacer()
                arrow("chevron.left") { shown = month.moved(by: -1) }
                arrow("chevron.right") { shown = month.moved(by: 1) }
            }
            HStack(spacing: 0) {
                ForEach(0..<7, id: \.self) { i in
                    Text(verbatim: Self.weekdaySymbols[(i + firstWeekday) % 7])
                        .font(.caption)
                        .foregroundStyle(.secondary)
                        .frame(maxWidth: .infinity)
                }
            }
            ForEach(0..<rows, id: \.self) { row in
                HStack(spacing: 0) {
                    ForEach(0..<7, id: \.self) { column in
                        let day = row * 7 + column - leading + 1
                        if day >= 1 && day <= days {
                            dayCell(day, in: month, chosen: chosen, today: today, accent: accent)
                        } else {
                            Color.clear.frame(maxWidth: .infinity).frame(height: Self.cell)
                        }
                    }
                }
            }
        }
        .opacity(isEnabled ? 1 : Palette.disabledOpacity)
    }

    private func arrow(_ symbol: String, _ action: @escaping @MainActor () -> Void) -> some View {
        Button(action: action) {
            Image(systemName: symbol).foregroundStyle(tint ?? .accentColor)
                .frame(width: Self.cell, height: Self.cell)
                .contentShape(Rectangle())
        }
        .buttonStyle(.plain)
    }

    private func dayCell(_ day: Int, in month: MonthOfYear, chosen: LocalDateParts, today: LocalDateParts,
                         accent: Color) -> some View {
        var parts = chosen
        parts.year = month.year
        parts.month = month.month
        parts.day = day
        var date = parts.date
        var allowed = true
        if let range {
            // A day is offered when any of it is in the range; the choice is kept inside the range.
            var start = parts, end = parts
            (start.hour, start.minute, start.second) = (0, 0, 0)
            (end.hour, end.minute, end.second) = (23, 59, 59)
            allowed = start.date <= range.upperBound && end.date >= range.lowerBound
            date = Swift.min(Swift.max(date, range.lowerBound), range.upperBound)
        }
        let isChosen = chosen.year == month.year && chosen.month == month.month && chosen.day == day
        let isToday = today.year == month.year && today.month == month.month && today.day == day
        let selection = self.selection
        return Text(verbatim: "\(day)")
            .font(isChosen || isToday ? .body.weight(.semibold) : .body)
            .foregroundStyle(isChosen ? Color.white : isToday ? accent : allowed ? Color.primary : Palette.tertiaryLabel)
            .frame(width: Self.cell - 4, height: Self.cell - 4)
            .background { if isChosen { Circle().fill(accent) } }
            .frame(maxWidth: .infinity)
            .frame(height: Self.cell)
            .contentShape(Rectangle())
            .onTapGesture {
                guard allowed else { return }
                selection.wrappedValue = date
            }
    }

    static let weekdaySymbols = ["S", "M", "T", "W", "T", "F", "S"]

    /// 0 (Sunday) ... 6 (Saturday) for the month's first day, in the board's local time.
    static func weekday(ofFirstDayIn month: MonthOfYear) -> Int {
        var tm = tm()
        tm.tm_year = Int32(month.year - 1900)
        tm.tm_mon = Int32(month.month)
        tm.tm_mday = 1
        tm.tm_hour = 12
        tm.tm_isdst = -1
        _ = mktime(&tm)
        return Int(tm.tm_wday)
    }

    /// Regions whose calendars start the week on Sunday (CLDR's firstDay "sun"); a bare "en" counts as the US.
    static func weekStartsOnSunday(_ locale: Locale) -> Bool {
        let parts = locale.identifier.split(whereSeparator: { $0 == "_" || $0 == "-" })
        guard parts.count > 1 else { return parts.first == "en" }
        return ["US", "CA", "JP", "BR", "MX", "IL", "KR", "TW", "PH", "IN", "ZA", "SA", "HK", "AR", "CO", "PE"].contains(String(parts[1]))
    }
}
