import ScanoutUI

struct MediaTabs: View {
    @State private var selection = "radio"
    @State private var unread = 3

    var body: some View {
        TabView(selection: $selection) {
            Text("Now playing: Morning Jazz")
                .tabItem { Label("Radio", systemImage: "radio") }
                .tag("radio")
            VStack {
                Text("\(unread) new episodes")
                Button("Mark all played") { unread = 0 }
            }
            .tabItem { Label("Podcasts", systemImage: "mic") }
            .badge(unread)
            .tag("podcasts")
            Text("Library is empty")
                .tabItem { Label("Library", systemImage: "books.vertical") }
                .tag("library")
        }
    }
}

#Preview {
    MediaTabs()
}
