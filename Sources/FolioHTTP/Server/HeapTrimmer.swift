import CLinux
import FolioSync

/// Gives freed heap back to the system once a spike of memory is over,
/// shared by a server's loops (each calls it from its tick).
///
/// glibc keeps freed chunks below its mmap threshold in the process for
/// good, so a burst of big renderings or buffers would leave RSS at its
/// peak. At most once a `checkInterval` it reads the free bytes of all
/// arenas; when they grew by `spikeBytes` since the last look after a trim,
/// it calls `malloc_trim(0)`, which returns every free page.
final class HeapTrimmer: Sendable {
    /// How often the free heap is looked at (reading it walks the arenas' bins).
    static let checkInterval: UInt64 = 2_000_000_000
    /// Freed bytes that make a spike worth returning.
    static let spikeBytes = 16 * 1024 * 1024

    private struct State {
        var lastCheck: UInt64 = 0
        /// Free heap bytes after the last trim, or the lowest seen since: pages
        /// trimmed stay counted as free, so only growth beyond this is new.
        var freeAfterTrim = 0
    }

    private let state = LockedValue(State())

    /// Trims now (a loop freed many bytes itself), unless another loop just did.
    func trimNow(now: UInt64) {
        guard claimCheck(now: now, interval: Self.checkInterval / 20) else { return }
        trim()
    }

    /// Trims when the free heap grew by `spikeBytes` since the last trim, at
    /// most once a `checkInterval` across all loops.
    func trimIfSpikeFreed(now: UInt64) {
        guard claimCheck(now: now, interval: Self.checkInterval) else { return }
        let free = Int(folio_free_heap_bytes())
        let grew = state.withLock { state in
            state.freeAfterTrim = min(state.freeAfterTrim, free)
            return free - state.freeAfterTrim >= Self.spikeBytes
        }
        if grew { trim() }
    }

    private func claimCheck(now: UInt64, interval: UInt64) -> Bool {
        state.withLock { state in
            guard now &- state.lastCheck >= interval else { return false }
            state.lastCheck = now
            return true
        }
    }

    private func trim() {
        malloc_trim(0)
        let free = Int(folio_free_heap_bytes())
        state.withLock { $0.freeAfterTrim = free }
    }
}
