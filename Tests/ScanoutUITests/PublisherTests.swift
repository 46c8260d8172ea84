import Observation
import Testing
@testable import ScanoutUI

/// Combine's publishing subset: subjects, `sink`, cancellation, the operators, `@Published`'s `$value`,
/// `objectWillChange`, `assign`.
@MainActor
struct PublisherTests {
    @Test func passthroughSubjectDeliversUntilCancelledOrFreed() {
        let subject = PassthroughSubject<Int, Never>()
        var seen: [Int] = []
        subject.send(0)  // nobody subscribed: not kept
        var cancellable: AnyCancellable? = subject.sink { seen.append($0) }
        subject.send(1)
        subject.send(2)
        cancellable?.cancel()
        subject.send(3)
        #expect(seen == [1, 2])
        #expect(subject.fanOut.isEmpty)

        cancellable = subject.sink { seen.append($0 * 10) }
        subject.send(4)
        cancellable = nil  // freed: cancelled
        subject.send(5)
        #expect(seen == [1, 2, 40])
        #expect(subject.fanOut.isEmpty)
    }

    @Test func currentValueSubjectSendsItsValueFirst() {
        let subject = CurrentValueSubject<String, Never>("a")
        var seen: [String] = []
        var bag = Set<AnyCancellable>()
        subject.sink { seen.append($0) }.store(in: &bag)
        subject.value = "b"
        subject.send("c")
        #expect(seen == ["a", "b", "c"])
        #expect(subject.value == "c")
        bag.removeAll()
        subject.send("d")
        #expect(seen == ["a", "b", "c"])
    }

    enum Failure: Error, Equatable { case broken }

    @Test func completionEndsDeliveryAndReachesLateSubscribers() {
        let subject = PassthroughSubject<Int, Failure>()
        var values: [Int] = [], completions: [Subscribers.Completion<Failure>] = []
        let first = subject.sink(receiveCompletion: { completions.append($0) }, receiveValue: { values.append($0) })
        subject.send(1)
        subject.send(completion: .failure(.broken))
        subject.send(2)
        let late = subject.sink(receiveCompletion: { completions.append($0) }, receiveValue: { values.append($0) })
        #expect(values == [1])
        #expect(completions == [.failure(.broken), .failure(.broken)])
        _ = (first, late)

        var justValues: [Int] = [], justDone = 0
        let just = Just(7).sink(receiveCompletion: { _ in justDone += 1 }, receiveValue: { justValues.append($0) })
        #expect(justValues == [7] && justDone == 1)
        var emptyDone = 0
        let empty = Empty<Int, Never>().sink(receiveCompletion: { _ in emptyDone += 1 }, receiveValue: { _ in })
        #expect(emptyDone == 1)
        _ = (just, empty)
    }

    @Test func operatorsChain() {
        let subject = PassthroughSubject<Int, Never>()
        var seen: [String] = []
        let c = subject
            .dropFirst()
            .filter { $0 != 5 }
            .removeDuplicates()
            .compactMap { $0 < 100 ? $0 : nil }
            .map { "#\($0)" }
            .eraseToAnyPublisher()
            .sink { seen.append($0) }
        for v in [1, 2, 2, 5, 3, 3, 500, 4, 4] { subject.send(v) }
        #expect(seen == ["#2", "#3", "#4"])
        _ = c
    }

    @Test func demandIsHonouredBySubjects() {
        final class TwoOnly: Subscriber {
            typealias Input = Int
            typealias Failure = Never
            var values: [Int] = []
            func receive(subscription: any Subscription) { subscription.request(.max(2)) }
            func receive(_ input: Int) -> Subscribers.Demand { values.append(input); return .none }
            func receive(completion: Subscribers.Completion<Never>) {}
        }
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TwoOnly()
        subject.subscribe(subscriber)
        for v in 1...4 { subject.send(v) }
        #expect(subscriber.values == [1, 2])
        #expect(Subscribers.Demand.max(2) + .unlimited == .unlimited)
        #expect(Subscribers.Demand.max(1) - .max(3) == .none)
        #expect(Subscribers.Demand.unlimited > 1_000_000)
    }

    final class Thermostat: ObservableObject {
        @Published var target = 20
        @Published var label = ""
        var seenInSink: [Int] = []
    }

    @Test func publishedValuePublisherSendsNowThenEachChangeBeforeItIsStored() {
        let model = Thermostat()
        var seen: [Int] = []
        let c = model.$target.sink { value in
            seen.append(value)
            model.seenInSink.append(model.target)  // still the old value: Combine's willSet order
        }
        model.target = 21
        model.target = 22
        #expect(seen == [20, 21, 22])
        #expect(model.seenInSink == [20, 20, 21])
        _ = c
    }

    @Test func objectWillChangeAndAssign() {
        let model = Thermostat()
        var announcements = 0
        let c = model.objectWillChange.sink { announcements += 1 }
        model.target = 18
        model.label = "x"
        #expect(announcements == 2)

        let source = PassthroughSubject<Int, Never>()
        source.map { "\($0) °C" }.assign(to: &model.$label)
        source.send(19)
        #expect(model.label == "19 °C")
        #expect(announcements == 3)  // assigning announces the change as setting does

        let other = Thermostat()
        let a = source.assign(to: \.target, on: other)
        source.send(25)
        #expect(other.target == 25)
        #expect(model.label == "25 °C")
        _ = (c, a)
    }

    @Test func combineLatestAndMerge() {
        let user = CurrentValueSubject<String, Never>("")
        let pin = PassthroughSubject<String, Never>()
        var valid: [Bool] = []
        let c = user.combineLatest(pin) { !$0.isEmpty && $1.count == 4 }.sink { valid.append($0) }
        user.send("ana")  // no pin yet: nothing
        #expect(valid.isEmpty)
        pin.send("12")
        pin.send("1234")
        user.send("")
        #expect(valid == [false, true, false])

        let level = CurrentValueSubject<Int, Never>(1)
        var triples: [String] = []
        let t = Publishers.CombineLatest3(user, pin, level).sink { triples.append("\($0)|\($1)|\($2)") }
        pin.send("9")
        level.send(2)
        #expect(triples == ["|9|1", "|9|2"])

        let alarms = PassthroughSubject<String, Failure>(), faults = PassthroughSubject<String, Failure>()
        var merged: [String] = [], ended: [Subscribers.Completion<Failure>] = []
        let m = alarms.merge(with: faults).sink(receiveCompletion: { ended.append($0) }, receiveValue: { merged.append($0) })
        alarms.send("hot")
        faults.send("jam")
        alarms.send(completion: .finished)  // one part finished: the merge goes on
        faults.send("dry")
        #expect(merged == ["hot", "jam", "dry"])
        #expect(ended.isEmpty)
        faults.send(completion: .failure(.broken))
        #expect(ended == [.failure(.broken)])
        _ = (c, t, m)
    }
}
