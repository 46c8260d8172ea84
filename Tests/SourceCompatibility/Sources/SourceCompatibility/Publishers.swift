import ScanoutUI

/// Combine as SwiftUI code uses it: a timer publisher received by a view, `@Published`'s `$value` with
/// operators and `sink`, `objectWillChange`, subjects, `assign`, and Foundation's scheduled timer.
struct TickingClock: View {
    let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
    @State private var now = Date()
    @State private var lastEvent = ""
    let events: PassthroughSubject<String, Never>

    var body: some View {
        VStack {
            Text(now, style: .time)
            Text(lastEvent)
        }
        .onReceive(timer) { input in now = input }
        .onReceive(events) { lastEvent = $0 }
        .onDisappear { timer.upstream.connect().cancel() }
    }
}

@MainActor
final class PumpModel: ObservableObject {
    @Published var pressure = 0.0
    @Published var status = ""
    @Published var alarm = false
    let readings = CurrentValueSubject<Double, Never>(0)
    private var cancellables = Set<AnyCancellable>()
    private var poll: Timer?

    init() {
        $pressure
            .map { $0 > 8 }
            .removeDuplicates()
            .sink { [weak self] high in self?.alarm = high }
            .store(in: &cancellables)
        readings.map { "\($0) bar" }.assign(to: &$status)
        objectWillChange.sink { print("will change") }.store(in: &cancellables)
        Just(1.0).assign(to: \.pressure, on: self).store(in: &cancellables)
        let filtered: AnyPublisher<Double, Never> = readings.dropFirst().filter { $0 >= 0 }.eraseToAnyPublisher()
        filtered.sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &cancellables)
    }

    func startPolling() {
        poll = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { [weak self] _ in
            Task { @MainActor in self?.pressure += 0.1 }
        }
    }

    func stopPolling() {
        poll?.invalidate()
        poll = nil
    }
}

struct PumpPanel: View {
    @StateObject private var model = PumpModel()
    var body: some View {
        Text(model.status)
            .onReceive(model.$alarm) { alarm in if alarm { model.stopPolling() } }
            .onAppear { model.startPolling() }
    }
}

/// Foundation's `String(format:)` and `localizedDescription`, as dashboards and alerts use them.
struct FormattedReadout: View {
    let flow: Double
    let failure: (any Error)?
    var body: some View {
        VStack {
            Text(String(format: "%.1f l/min", flow))
            Text(failure?.localizedDescription ?? "OK")
        }
    }
}

/// A search field debounced through Combine, and work put off on the main queue.
@MainActor
final class SearchModel: ObservableObject {
    @Published var query = ""
    @Published private(set) var results: [String] = []
    private var cancellables = Set<AnyCancellable>()
    private let names = ["Pump A", "Pump B", "Valve"]

    init() {
        $query
            .debounce(for: .milliseconds(300), scheduler: RunLoop.main)
            .removeDuplicates()
            .map { [names] q in q.isEmpty ? names : names.filter { $0.contains(q) } }
            .receive(on: DispatchQueue.main)
            .sink { [weak self] in self?.results = $0 }
            .store(in: &cancellables)
        $query.throttle(for: .seconds(1), scheduler: DispatchQueue.main, latest: true)
            .delay(for: .milliseconds(10), scheduler: RunLoop.main)
            .sink { _ in }
            .store(in: &cancellables)
    }
}

struct SearchPanel: View {
    @StateObject private var model = SearchModel()
    @State private var saved = false
    var body: some View {
        VStack {
            TextField("Search", text: $model.query)
            ForEach(model.results, id: \.self) { Text($0) }
            Button("Save") {
                saved = true
                DispatchQueue.main.asyncAfter(deadline: .now() + 2) { saved = false }
            }
        }
    }
}

/// A login form validated by combining its fields.
@MainActor
final class LoginModel: ObservableObject {
    @Published var user = ""
    @Published var pin = ""
    @Published var canSubmit = false
    @Published var banner = ""
    let alarms = PassthroughSubject<String, Never>()
    let faults = PassthroughSubject<String, Never>()

    init() {
        Publishers.CombineLatest($user, $pin)
            .map { !$0.isEmpty && $1.count == 4 }
            .assign(to: &$canSubmit)
        $user.combineLatest($pin, $canSubmit).map { "\($0) \($1.count) \($2)" }.assign(to: &$banner)
        alarms.merge(with: faults).map { "! " + $0 }.assign(to: &$banner)
    }
}
