import ScanoutUI

/// Gesture code as Apple's documentation writes it: `@GestureState` with `updating`, a long press, gestures
/// recognized together, in sequence or exclusively, values mapped.
struct GestureSurvey: View {
    @GestureState private var dragOffset = CGSize.zero
    @GestureState private var isDetectingLongPress = false
    @State private var completedLongPress = false
    @State private var scale: CGFloat = 1
    @State private var angle = Angle.zero
    var body: some View {
        VStack {
            Circle()
                .offset(dragOffset)
                .gesture(DragGesture().updating($dragOffset) { value, state, transaction in state = value.translation })
            Circle()
                .fill(isDetectingLongPress ? Color.red : (completedLongPress ? Color.green : Color.blue))
                .gesture(LongPressGesture(minimumDuration: 3)
                    .updating($isDetectingLongPress) { currentState, gestureState, transaction in
                        gestureState = currentState
                        transaction.animation = Animation.easeIn(duration: 2.0)
                    }
                    .onEnded { finished in self.completedLongPress = finished })
            Rectangle()
                .gesture(MagnifyGesture().onChanged { scale = $0.magnification }
                    .simultaneously(with: RotateGesture().onChanged { angle = $0.rotation }))
            Rectangle()
            Rectangle()
            Rectangle()
                .gesture(DragGesture().map { $0.translation.width }.onChanged { scale = $0 })
            Rectangle()
                .gesture(TapGesture(count: 2).onEnded { scale = 2 }.exclusively(before: TapGesture().onEnded { scale = 1 }))
        }
    }
}

/// Apple's sequence example: a long press, then a drag.
struct DraggableCircle: View {
    enum DragState {
        case inactive
        case pressing
        case dragging(translation: CGSize)
        var translation: CGSize {
            if case .dragging(let t) = self { return t }
            return .zero
        }
    }
    @GestureState private var dragState = DragState.inactive
    @State private var viewState = CGSize.zero

    var body: some View {
        let press = LongPressGesture(minimumDuration: 0.5)
            .sequenced(before: DragGesture())
            .updating($dragState) { value, state, transaction in
                switch value {
                case .first(true): state = .pressing
                case .second(true, let drag): state = .dragging(translation: drag?.translation ?? .zero)
                default: state = .inactive
                }
            }
            .onEnded { value in
                guard case .second(true, let drag?) = value else { return }
                viewState.width += drag.translation.width
                viewState.height += drag.translation.height
            }
        return Circle()
            .frame(width: 100, height: 100)
            .offset(x: viewState.width + dragState.translation.width, y: viewState.height + dragState.translation.height)
            .gesture(press)
    }
}
