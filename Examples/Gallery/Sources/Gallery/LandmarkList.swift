import ScanoutUI

struct Landmark: Hashable, Codable, Identifiable {
    var id: Int
    var name: String
    var park: String
    var state: String
    var description: String
    var isFavorite: Bool
}

@Observable
final class ModelData {
    var landmarks: [Landmark] = load(landmarkData)
}

/// Decodes bundled JSON, as the tutorials' `load(_:)` does with a file.
func load<T: Decodable>(_ json: String) -> T {
    do {
        return try JSONDecoder().decode(T.self, from: Data(json.utf8))
    } catch {
        fatalError("Couldn't parse landmarks as \(T.self):\n\(error)")
    }
}

let landmarkData = """
[
  {"id": 1001, "name": "Turtle Rock", "park": "Joshua Tree National Park", "state": "California",
   "description": "A granite outcrop shaped like a turtle.", "isFavorite": true},
  {"id": 1002, "name": "Silver Salmon Creek", "park": "Lake Clark National Park", "state": "Alaska",
   "description": "Bears fish for salmon along the creek.", "isFavorite": false},
  {"id": 1003, "name": "Chilkoot Trail", "park": "Klondike Gold Rush", "state": "Alaska",
   "description": "A historic route over the Coast Mountains.", "isFavorite": true},
  {"id": 1004, "name": "St. Mary Lake", "park": "Glacier National Park", "state": "Montana",
   "description": "The second largest lake in the park.", "isFavorite": false}
]
"""

struct LandmarkRow: View {
    var landmark: Landmark

    var body: some View {
        HStack {
            Image(systemName: "mountain.2")
                .imageScale(.large)
            Text(landmark.name)
            Spacer()
            if landmark.isFavorite {
                Image(systemName: "star.fill")
                    .foregroundStyle(.yellow)
            }
        }
    }
}

struct LandmarkList: View {
    @State private var modelData = ModelData()
    @State private var showFavoritesOnly = false

    var filteredLandmarks: [Landmark] {
        modelData.landmarks.filter { landmark in
            (!showFavoritesOnly || landmark.isFavorite)
        }
    }

    var body: some View {
        List {
            Toggle(isOn: $showFavoritesOnly) {
                Text("Favorites only")
            }
            ForEach(filteredLandmarks) { landmark in
                NavigationLink {
                    LandmarkDetail(landmark: landmark)
                } label: {
                    LandmarkRow(landmark: landmark)
                }
            }
        }
        .navigationTitle("Landmarks")
    }
}

struct LandmarkDetail: View {
    var landmark: Landmark

    var body: some View {
        ScrollView {
            VStack(alignment: .leading) {
                Text(landmark.name)
                    .font(.title)
                HStack {
                    Text(landmark.park)
                    Spacer()
                    Text(landmark.state)
                }
                .font(.subheadline)
                .foregroundStyle(.secondary)
                Divider()
                Text("About \(landmark.name)")
                    .font(.title2)
                Text(landmark.description)
            }
            .padding()
        }
        .navigationTitle(landmark.name)
    }
}

#Preview {
    NavigationStack {
        LandmarkList()
    }
}
