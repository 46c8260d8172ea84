import ScanoutUI

/// Font changes made on a container for every text inside it (iOS 16's view modifiers).
struct FontModifierSurvey: View {
    var body: some View {
        VStack { Text("a").font(.title); Text("b") + Text("c") }.bold().italic().fontDesign(.monospaced).fontWeight(.semibold).monospaced()
        Text("x").bold(true).italic(false).fontDesign(.serif).monospaced()
    }
}
