/// Reads a key path's value out of a root, for `map(_:)` with key paths.
///
/// A key path that names a stored property kept inline in its root (a struct's field, at any
/// depth: what `MemoryLayout.offset(of:)` reports an offset for) is read at that offset, which
/// the standard library documents as equivalent to reading through the key path. Any other key
/// path (a computed property, a class's property, an optional chain) is read through the key path.
/// A key-path read costs ~700 instructions in the runtime (`swift_getAtKeyPath`); the offset read
/// costs a load.
@usableFromInline
internal enum KeyPathReader {
    /// A closure that reads `keyPath`'s value, decided once, when a subscription is made.
    @inlinable
    static func reading<Root, Value>(_ keyPath: KeyPath<Root, Value>) -> (Root) -> Value {
        guard let offset = MemoryLayout<Root>.offset(of: keyPath) else {
            return { $0[keyPath: keyPath] }
        }
        return { root in
            withUnsafePointer(to: root) { rootAddress in
                (UnsafeRawPointer(rootAddress) + offset).assumingMemoryBound(to: Value.self).pointee
            }
        }
    }
}
