import ScanoutUI

struct ColorSwatches: View {
    let colors: [Color] = [.red, .orange, .yellow, .green, .mint, .teal, .blue, .indigo, .purple, .pink]
    @State private var selected: Color = .blue

    var body: some View {
        VStack(spacing: 20) {
            RoundedRectangle(cornerRadius: 20)
                .fill(selected.gradient)
                .frame(height: 120)
                .overlay {
                    Text("Selected")
                        .font(.title2.bold())
                        .foregroundStyle(.white)
                }
            HStack {
                ForEach(colors, id: \.self) { color in
                    Circle()
                        .fill(color)
                        .frame(width: 44, height: 44)
                        .overlay {
                            if color == selected {
                                Circle().stroke(.primary, lineWidth: 3)
                            }
                        }
                        .onTapGesture { selected = color }
                }
            }
        }
        .padding()
    }
}

#Preview {
    ColorSwatches()
}
