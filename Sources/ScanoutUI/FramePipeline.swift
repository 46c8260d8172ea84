import ScanoutPlatform
import ScanoutRaster
import ScanoutRender

/// One frame of the UI, written once for a running app (`AppSession`) and for UI tests (`TestHost`):
/// the clock → touches (through the `DisplayTransform`) and keys → update → layout → display list → the damage
/// repainted in a private composition of the logical size → what the display's back buffer lacks copied into
/// it through the transform → present. The caller owns where input comes from and when frames run (the
/// display's clock or a simulated one).
@MainActor
package final class FramePipeline {
    package let host: ViewHost
    package let transform: DisplayTransform
    /// Keeps the app's frame (logical size) and repaints only its damage; display buffers are brought up to
    /// date from it.
    package let compositor: FrameCompositor
    /// What shows where the app draws nothing.
    package var background: RGBA
    /// The display list of the last frame that drew.
    package private(set) var displayList = DisplayList()

    package init(host: ViewHost, transform: DisplayTransform, format: PixelFormat, background: RGBA) {
        self.host = host
        self.transform = transform
        self.background = background
        compositor = FrameCompositor(width: transform.logicalPixelWidth, height: transform.logicalPixelHeight,
                                     scale: transform.scale, format: format)
    }

    /// The animation clock: where animations are when this frame reaches the screen (seconds).
    package func advanceTime(to seconds: Double) {
        MainActorCheck.noteMainActorThread()  // where Observation's callbacks may be taken as the main actor's
        host.advanceTime(to: seconds)
    }

    /// Delivers a touch as the panel reported it: through the transform (rotation, calibration, scale) to the
    /// app's point, then to the view host by its phase. `time`: the event's time on the host's clock (nil: the
    /// frame's).
    package func deliver(_ touch: TouchEvent, time: Double?) {
        let p = transform.logicalPoint(fromTouch: touch.position)
        let point = CGPoint(x: CGFloat(p.x), y: CGFloat(p.y))
        switch touch.phase {
        case .down: host.touchDown(id: touch.id, at: point, time: time)
        case .moved: host.touchMoved(id: touch.id, to: point, time: time)
        case .up: host.touchUp(id: touch.id, at: point, time: time)
        case .cancelled: host.touchCancelled(id: touch.id)
        }
    }

    /// Delivers a key (after the frame's touches, as they arrive on a board). Returns whether a view or a
    /// shortcut took it.
    @discardableResult
    package func deliver(_ key: KeyPress) -> Bool { host.keyPressed(key) }

    /// Step 2: pulls what changed. Returns whether the frame has something to draw (`inputArrived`: input
    /// moves focus rings and pressed states even when no state changed).
    package func update(inputArrived: Bool) -> Bool {
        guard host.needsFrame || host.needsLayout || inputArrived else { return false }
        let changed = host.update()
        return changed || host.needsLayout || inputArrived
    }

    /// Steps 3–5: layout, the display list, and its damage repainted in the composition. Returns the damage
    /// (empty: the pixels did not change, nothing needs committing).
    package func draw(timeline: ((String) -> Void)? = nil) -> Damage {
        host.layout()
        timeline?("layout")
        displayList = host.makeDisplayList()
        timeline?("display list")
        let damage = compositor.render(displayList, background: background)
        timeline?("render")
        // Nothing animates and no finger is down: no panel slides in the next frame, so the bitmaps kept of
        // sliding panels are let go now rather than held while the screen rests.
        if !host.isAnimating, host.activeTouches.isEmpty { compositor.releaseSlidingPanelBitmaps() }
        return damage
    }

    /// Step 6: brings the display's back buffer up to date (the damage since it was last on screen, its age)
    /// through the transform, and presents it.
    package func commit(to display: Display) throws(PlatformError) {
        let target = try display.beginFrame()
        let region = compositor.repaintRegion(forBufferAge: target.age)
        let streamed = target.buffer.streams(presentOf: region.area)
        for r in region.rects {
            try compositor.sources(of: r) { (piece, source, dx, dy, dimming) throws(PlatformError) in
                try transform.copy(source, offsetX: dx, offsetY: dy, to: target.buffer, region: piece, dimmedBy: dimming,
                                   streamed: streamed)
            }
        }
        try display.present()
    }
}
