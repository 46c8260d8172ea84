import Foundation
import Observation
import Testing
import ScanoutUI
import ScanoutTesting

/// DatePicker: wheels change the bound date's parts (local time), the range keeps it inside, a month change
/// keeps the day within the month, and the compact style opens its wheels in a card.
@MainActor
struct DatePickerTests {
    @Observable @MainActor final class Model {
        var date: Date
        init(_ date: Date) { self.date = date }
    }

    static let calendar = Calendar.current
    static func date(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int) -> Date {
        calendar.date(from: DateComponents(year: y, month: mo, day: d, hour: h, minute: mi))!
    }
    static func parts(_ date: Date) -> DateComponents { calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date) }

    struct Wheels: View {
        @Bindable var model: Model
        var range: ClosedRange<Date>?
        var components: DatePickerComponents
        var body: some View {
            Group {
                if let range {
                    DatePicker("Start", selection: $model.date, in: range, displayedComponents: components)
                } else {
                    DatePicker("Start", selection: $model.date, displayedComponents: components)
                }
            }
            .datePickerStyle(.wheel)
        }
    }

    /// Drags the wheel showing `label` by `rows` rows (up: later values).
    private func spin(_ host: TestHost, _ label: String, rows: Int) {
        guard let f = host.frame(ofText: label) else { Issue.record("no wheel row \(label)"); return }
        host.drag(fromX: Double(f.midX), fromY: Double(f.midY), toX: Double(f.midX), toY: Double(f.midY) - Double(rows) * 44, steps: 8)
        host.advance(seconds: 1)
    }

    @Test func timeWheelsChangeHourAndMinute() async {
        let model = Model(Self.date(2026, 11, 24, 14, 45))  // (45: a minute no hour row also shows)
        let host = TestHost(rootView: Wheels(model: model, components: .hourAndMinute), width: 480, height: 400)
        host.runFrame()
        spin(host, "45", rows: 2)
        #expect(Self.parts(model.date).minute == 47, "\(Self.parts(model.date))")
        #expect(Self.parts(model.date).hour == 14)
        spin(host, "14", rows: -3)
        #expect(Self.parts(model.date).hour == 11)
        #expect(Self.parts(model.date).day == 24, "the date is kept")
    }

    @Test func monthChangeKeepsTheDayInTheMonthAndTheRangeClamps() async {
        let model = Model(Self.date(2027, 1, 31, 9, 0))
        let range = Self.date(2026, 6, 1, 0, 0)...Self.date(2027, 12, 31, 23, 59)
        let host = TestHost(rootView: Wheels(model: model, range: range, components: .date), width: 480, height: 400)
        host.runFrame()
        spin(host, "January", rows: 1)
        let p = Self.parts(model.date)
        #expect(p.month == 2 && p.day == 28, "31 January → 28 February: \(p)")
        spin(host, "2027", rows: 1)
        #expect(model.date <= range.upperBound, "no year past the range")
        #expect(Self.parts(model.date).year == 2027)
    }

    struct Compact: View {
        @Bindable var model: Model
        var body: some View {
            Form {
                DatePicker("Alarm", selection: $model.date, displayedComponents: .hourAndMinute)
            }
        }
    }

    @Test func compactOpensItsWheelsInACard() async {
        let model = Model(Self.date(2026, 11, 24, 7, 50))
        let host = TestHost(rootView: Compact(model: model), width: 480, height: 400)
        host.runFrame()
        #expect(host.contains(text: "Alarm"))
        #expect(!host.visibleTexts.contains("Done"))
        let shown = host.visibleTexts.first { $0.contains(":") && $0.contains("50") }
        #expect(shown != nil, "the time shown in its capsule: \(host.visibleTexts)")
        if let shown { host.tap(text: shown) }
        host.runFrame()
        #expect(host.visibleTexts.contains("Done"))
        spin(host, "50", rows: 1)
        #expect(Self.parts(model.date).minute == 51)
        host.tap(text: "Done")
        host.runFrame()
        #expect(!host.visibleTexts.contains("Done"))
    }
}

/// Date wheels and a compact picker at 800x480, light and dark (the date is built from local parts, so
/// the picture is the same in every time zone; no clock times, whose 12/24 hours follow the locale).
@MainActor
struct DatePickerGoldenTests {
    struct Screen: View {
        @State var date = DatePickerTests.date(2026, 11, 24, 14, 45)
        var body: some View {
            HStack(alignment: .top, spacing: 32) {
                DatePicker("Service due", selection: $date, displayedComponents: .date)
                    .datePickerStyle(.wheel)
                    .frame(width: 300)
                Form {
                    DatePicker("Next inspection", selection: $date, displayedComponents: .date)
                }
                .frame(width: 380)
            }
            .padding(24)
        }
    }

    @Test func goldens() { expectContainerGoldens("ui-date-picker", { Screen() }) }
}

/// `.datePickerStyle(.graphical)`: a month's calendar; a tapped day is chosen (the time of day kept), the
/// arrows page through months, days outside the range do nothing.
@MainActor
struct GraphicalDatePickerTests {
    struct Calendar: View {
        @Bindable var model: DatePickerTests.Model
        var range: ClosedRange<Date>?
        var locale = "en_US"
        var body: some View {
            Group {
                if let range {
                    DatePicker("Service", selection: $model.date, in: range, displayedComponents: .date)
                } else {
                    DatePicker("Service", selection: $model.date, displayedComponents: .date)
                }
            }
            .datePickerStyle(.graphical)
            .environment(\.locale, Locale(identifier: locale))
            .frame(width: 360)
        }
    }

    @Test func aTappedDayIsChosenKeepingTheTime() {
        let model = DatePickerTests.Model(DatePickerTests.date(2031, 3, 10, 14, 45))
        let host = TestHost(rootView: Calendar(model: model), width: 800, height: 480)
        host.runFrame()
        #expect(host.contains(text: "March 2031"), "\(host.visibleTexts)")
        host.tap(text: "21")
        let p = DatePickerTests.parts(model.date)
        #expect(p.year == 2031 && p.month == 3 && p.day == 21 && p.hour == 14 && p.minute == 45, "\(p)")
    }

    @Test func theArrowsPageThroughMonthsAndYears() throws {
        let model = DatePickerTests.Model(DatePickerTests.date(2031, 12, 30, 9, 0))
        let host = TestHost(rootView: Calendar(model: model), width: 800, height: 480)
        host.runFrame()
        let title = try #require(host.frame(ofText: "December 2031"))
        // The arrows sit at the header's trailing end: ‹ then ›, each 44 points wide.
        let right = Double(title.minX) + 360
        let next = (x: right - 22, y: Double(title.midY)), previous = (x: right - 66, y: Double(title.midY))
        host.tap(x: next.x, y: next.y)
        #expect(host.contains(text: "January 2032"), "\(host.visibleTexts)")
        host.tap(text: "5")
        #expect(DatePickerTests.parts(model.date).month == 1 && DatePickerTests.parts(model.date).year == 2032)
        host.tap(x: previous.x, y: previous.y)
        host.tap(x: previous.x, y: previous.y)
        #expect(host.contains(text: "November 2031"), "\(host.visibleTexts)")
    }

    @Test func weeksStartWhereTheLocaleSays() {
        // 1 March 2031 is a Saturday: the last cell of the first row in the US, the sixth in Germany.
        let model = DatePickerTests.Model(DatePickerTests.date(2031, 3, 10, 12, 0))
        let us = TestHost(rootView: Calendar(model: model), width: 800, height: 480)
        us.runFrame()
        let de = TestHost(rootView: Calendar(model: model, locale: "de_DE"), width: 800, height: 480)
        de.runFrame()
        let usFirst = us.frame(ofText: "1")?.midX ?? 0, deFirst = de.frame(ofText: "1")?.midX ?? 0
        #expect(usFirst > deFirst + 30, "Sunday-first puts Saturday one column further right: \(usFirst) vs \(deFirst)")
    }

    @Test func daysOutsideTheRangeDoNothing() {
        let model = DatePickerTests.Model(DatePickerTests.date(2031, 3, 10, 12, 0))
        let range = DatePickerTests.date(2031, 3, 5, 8, 0)...DatePickerTests.date(2031, 3, 20, 18, 0)
        let host = TestHost(rootView: Calendar(model: model, range: range), width: 800, height: 480)
        host.runFrame()
        host.tap(text: "25")
        #expect(DatePickerTests.parts(model.date).day == 10, "the 25th is after the range")
        host.tap(text: "5")
        let p = DatePickerTests.parts(model.date)
        #expect(p.day == 5 && p.hour == 12, "the 5th is in it")
        host.tap(text: "20")
        #expect(DatePickerTests.parts(model.date).day == 20 && DatePickerTests.parts(model.date).hour == 12)
    }
}

/// The graphical style at 800x480, light and dark (a month far from today, so no "today" mark).
@MainActor
struct GraphicalDatePickerGoldenTests {
    struct Screen: View {
        @State var date = DatePickerTests.date(2031, 3, 18, 9, 30)
        var body: some View {
            Form {
                DatePicker("Maintenance", selection: $date, displayedComponents: .date)
                    .datePickerStyle(.graphical)
                    .environment(\.locale, Locale(identifier: "en_US"))
            }
            .frame(width: 420)
        }
    }

    @Test func goldens() { expectContainerGoldens("ui-date-picker-graphical", { Screen() }) }
}
