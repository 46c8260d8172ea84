import ScanoutUI

/// Icons drawn as templates in the foreground colour; symbols in their variants.
struct IconRow: View {
    var body: some View {
        HStack {
            Image("pump").renderingMode(.template).resizable().frame(width: 24, height: 24).foregroundColor(.accentColor)
            Image("logo").renderingMode(.original).interpolation(.high)
            Image("fan").renderingMode(nil)
            Image(systemName: "bell").symbolVariant(.fill)
            Label("Alarms", systemImage: "exclamationmark.triangle").symbolVariant(.circle.fill)
        }
        .symbolVariant(.none)
    }
}

/// Images loaded from URLs as SwiftUI code writes it.
struct CameraSnapshot: View {
    let url: URL?
    var body: some View {
        VStack {
            AsyncImage(url: url)
            AsyncImage(url: url, scale: 2)
            AsyncImage(url: url) { image in
                image.resizable().aspectRatio(contentMode: .fit)
            } placeholder: {
                ProgressView()
            }
            AsyncImage(url: url, transaction: Transaction(animation: .easeIn)) { phase in
                switch phase {
                case .empty: ProgressView()
                case .success(let image): image.resizable()
                case .failure(let error): Text("\(error)")
                @unknown default: EmptyView()
                }
            }
        }
    }
}
