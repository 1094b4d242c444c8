import FolioSync
import Foundation

@testable import Folio

/// A folder under the system temporary folder, removed when dropped.
final class TemporaryFolder: Sendable {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "folio-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `text` to `name` (folders created as needed) and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = path + "/" + name
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }
}

/// A clock tests move by hand, counting how often it is read.
final class TestClock: WallClock {
    private let state: LockedValue<(time: Double, reads: Int)>

    init(_ start: Double = 1_800_000_000) { state = LockedValue((start, 0)) }

    var now: Double {
        state.withLock { state in
            state.reads += 1
            return state.time
        }
    }

    /// How many times `now` has been read.
    var reads: Int { state.withLock { $0.reads } }

    func advance(by seconds: Double) { state.withLock { $0.time += seconds } }
}

/// Predictable "random" bytes: each call returns its call number, big
/// endian, in the last 8 bytes (zeros before), so ids never repeat.
final class CountingRandom: RandomSource {
    private let calls = LockedValue<UInt64>(0)

    func randomBytes(count: Int) -> [UInt8] {
        let number = calls.withLock { calls in
            defer { calls += 1 }
            return calls
        }
        let tail = withUnsafeBytes(of: number.bigEndian) { Array($0) }
        return Array((Array(repeating: 0, count: max(0, count - 8)) + tail).suffix(count))
    }
}
