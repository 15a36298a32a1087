import NIOCore

/// The latest batch frames the feed built, each encoded once and written as the same buffer to
/// every viewer: frame `tick` carries what came after frame `tick - 1`. A viewer that has frame
/// `tick` reads the frames after it; one older than the log reaches gets a snapshot instead. The log
/// keeps at most `frameLimit` frames and `byteLimit` bytes, however many viewers read it, so a slow
/// viewer costs no memory of its own.
struct LiveFrameLog {
    /// At most this many frames (at twenty a second, three seconds of them).
    static let frameLimit = 64
    /// At most this many bytes in all (the newest frame is kept whatever its size).
    static let byteLimit = 16 << 20

    /// The tick a viewer must have, at least, to read on from the log: the tick before its oldest
    /// frame.
    private(set) var base: Int
    private var frames: [ByteBuffer] = []
    private var bytes = 0

    /// An empty log whose next frame is `base + 1`.
    init(base: Int = 0) {
        self.base = base
    }

    /// The newest tick: what a viewer has once it wrote every frame.
    var tick: Int { base + frames.count }

    /// Adds the frame of the next tick, dropping the oldest ones past the limits.
    mutating func append(_ frame: ByteBuffer) {
        frames.append(frame)
        bytes += frame.readableBytes
        var dropped = 0
        while frames.count - dropped > 1,
              frames.count - dropped > LiveFrameLog.frameLimit || bytes > LiveFrameLog.byteLimit {
            bytes -= frames[dropped].readableBytes
            dropped += 1
        }
        if dropped > 0 {
            frames.removeFirst(dropped)
            base += dropped
        }
    }

    /// Forgets every frame: viewers before `tick` will need a snapshot, and the next frame is
    /// `tick + 1`.
    mutating func restart(at tick: Int) {
        frames.removeAll()
        bytes = 0
        base = tick
    }

    /// The frames after `tick`, oldest first (none when `tick` is the newest); nil when the log
    /// no longer reaches back to it.
    func frames(after tick: Int) -> ArraySlice<ByteBuffer>? {
        guard tick >= base, tick <= self.tick else { return nil }
        return frames[(tick - base)...]
    }
}
