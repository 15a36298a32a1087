import CoreFoundation
import Foundation

/// Puts a CoreFoundation timer on a run loop for a `RunLoop` scheduler action or a `Timer.publish`
/// connection, and lets the action go as soon as the timer is invalidated (after its one firing, or
/// when a repeating one is cancelled).
///
/// Foundation's block-based `Timer` cannot be used for this on Linux: swift-corelibs-foundation
/// retains each such timer for its CoreFoundation context with no release callback, so the timer, its
/// block and everything the block holds (a debounced value, a subscriber) stayed alive for ever.
enum RunLoopTimer {
    /// Adds a timer that first fires at `date` and then every `interval` seconds (0: only once), in
    /// `mode`, as `RunLoop.add(_:forMode:)` does with a `Timer`.
    static func add(
        to runLoop: RunLoop, at date: Date, interval: TimeInterval, tolerance: TimeInterval,
        mode: RunLoop.Mode = .default, _ action: UncheckedAction
    ) -> Handle {
        var context = CFRunLoopTimerContext(
            version: 0, info: Unmanaged.passRetained(ActionBox(action)).toOpaque(),
            retain: nil, release: { Unmanaged<ActionBox>.fromOpaque($0!).release() }, copyDescription: nil
        )
        let timer = CFRunLoopTimerCreate(
            nil, date.timeIntervalSinceReferenceDate, interval, 0, 0,
            { _, info in Unmanaged<ActionBox>.fromOpaque(info!).takeUnretainedValue().action.run() },
            &context
        )!
        CFRunLoopTimerSetTolerance(timer, tolerance)
        let handle = Handle(timer)
        if let loop = coreFoundationLoop(of: runLoop) {
            CFRunLoopAddTimer(loop, timer, coreFoundationMode(mode))
        } else {
            // Another thread's run loop, scheduled from elsewhere: add the timer from inside it
            // (a timer cancelled before then is invalid, and adding it does nothing).
            runLoop.perform(inModes: [mode]) {
                CFRunLoopAddTimer(CFRunLoopGetCurrent(), handle.timer, coreFoundationMode(mode))
            }
        }
        return handle
    }

    /// A run loop mode's CoreFoundation name (Foundation on Linux does not make its own conversion public).
    private static func coreFoundationMode(_ mode: RunLoop.Mode) -> CFString {
        switch mode {
        case .default: kCFRunLoopDefaultMode
        case .common: kCFRunLoopCommonModes
        default: CFStringCreateWithCString(nil, mode.rawValue, CFStringBuiltInEncodings.UTF8.rawValue)
        }
    }

    /// The CoreFoundation run loop behind `runLoop` when it can be had here: the main one, or the
    /// current thread's (Foundation on Linux does not make `getCFRunLoop()` public).
    private static func coreFoundationLoop(of runLoop: RunLoop) -> CFRunLoop? {
        if runLoop === RunLoop.main { return CFRunLoopGetMain() }
        if runLoop === RunLoop.current { return CFRunLoopGetCurrent() }
        return nil
    }

    /// A timer put on a run loop; `invalidate()` takes it off and lets its action go. CoreFoundation
    /// timers may be invalidated from any thread.
    struct Handle: @unchecked Sendable {
        let timer: CFRunLoopTimer

        init(_ timer: CFRunLoopTimer) {
            self.timer = timer
        }

        func invalidate() {
            CFRunLoopTimerInvalidate(timer)
        }
    }

    /// The action a timer's context holds: retained when the timer is made, released by
    /// CoreFoundation when the timer is invalidated.
    private final class ActionBox {
        let action: UncheckedAction

        init(_ action: UncheckedAction) {
            self.action = action
        }
    }
}
