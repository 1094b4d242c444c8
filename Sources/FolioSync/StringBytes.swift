extension String {
    /// Calls `body` with the string's UTF-8 bytes: in place when they are
    /// contiguous (native and literal strings), without the copy of the
    /// string that the mutating `withUTF8` needs; from a copy otherwise.
    /// Inlinable, so that callers in other modules read in place too.
    @inlinable
    public func withUTF8InPlace<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(utf8).withUnsafeBufferPointer(body)
    }
}
