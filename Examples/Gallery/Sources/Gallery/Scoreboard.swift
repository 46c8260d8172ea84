import ScanoutUI

@Observable
class Game {
    var home = 0
    var away = 0
    var history: [String] = []

    func score(home points: Int) {
        home += points
        history.append("Home +\(points)")
    }

    func score(away points: Int) {
        away += points
        history.append("Away +\(points)")
    }
}

struct Scoreboard: View {
    @State private var game = Game()

    var body: some View {
        VStack(spacing: 24) {
            HStack(spacing: 40) {
                TeamColumn(name: "Home", score: game.home) { game.score(home: $0) }
                Text(":").font(.largeTitle)
                TeamColumn(name: "Away", score: game.away) { game.score(away: $0) }
            }
            Text(game.history.last ?? "No points yet")
                .foregroundStyle(.secondary)
        }
        .padding()
    }
}

struct TeamColumn: View {
    let name: String
    let score: Int
    let add: (Int) -> Void

    var body: some View {
        VStack {
            Text(name).font(.headline)
            Text("\(score)")
                .font(.system(size: 64, weight: .bold))
                .monospacedDigit()
            HStack {
                Button("+1") { add(1) }
                Button("+3") { add(3) }
            }
            .buttonStyle(.borderedProminent)
            .tint(name == "Home" ? .blue : .orange)
        }
    }
}

#Preview {
    Scoreboard()
}
