import ScanoutUI

struct HeartButton: View {
    @State private var isLiked = false
    @State private var likes = 41

    var body: some View {
        VStack(spacing: 12) {
            Button {
                withAnimation(.spring(response: 0.3, dampingFraction: 0.5)) {
                    isLiked.toggle()
                    likes += isLiked ? 1 : -1
                }
            } label: {
                Image(systemName: isLiked ? "heart.fill" : "heart")
                    .font(.system(size: 48))
                    .foregroundStyle(isLiked ? .red : .gray)
                    .scaleEffect(isLiked ? 1.2 : 1.0)
            }
            Text("\(likes) likes")
                .animation(.easeInOut, value: likes)
        }
    }
}

#Preview {
    HeartButton()
}
