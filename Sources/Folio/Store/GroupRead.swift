import Dispatch
import FolioSync

/// Group read: reads from many threads that arrive together are answered by
/// one query, as `GroupCommit` commits writes that arrive together in one
/// transaction. One reader (a serial queue) takes every key asked so far
/// and reads them at once; keys asked meanwhile form the next batch. A read
/// asked after a write completed is in a batch that starts after it, so it
/// sees the write.
final class GroupRead<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// Reads a batch of distinct keys: the value of each key found.
    typealias ReadBatch = @Sendable ([Key]) throws(StoreError) -> [Key: Value]
    private typealias Completion = @Sendable (Result<Value?, StoreError>) -> Void

    private let readBatch: ReadBatch
    private let reader = DispatchQueue(label: "Folio group read", qos: .userInitiated)
    private let queue = LockedValue(Queue())

    private struct Queue {
        var asked: [(key: Key, completion: Completion)] = []
        var isDraining = false
    }

    init(_ readBatch: @escaping ReadBatch) { self.readBatch = readBatch }

    /// The value of `key` (`nil`: none), read with whatever else is asked
    /// meanwhile; waits for its batch.
    func read(_ key: Key) throws(StoreError) -> Value? {
        let outcome = Waited<Result<Value?, StoreError>>()
        read(key, then: outcome.set)
        return try outcome.wait().get()
    }

    /// Reads `key` with whatever else is asked meanwhile and returns at
    /// once; `completion` runs on the reader once its batch is read.
    func read(_ key: Key, then completion: @escaping @Sendable (Result<Value?, StoreError>) -> Void) {
        let startsDrain = queue.withLock { queue -> Bool in
            queue.asked.append((key, completion))
            defer { queue.isDraining = true }
            return !queue.isDraining
        }
        if startsDrain { reader.async { self.drain() } }
    }

    private func drain() {
        while true {
            let asked = queue.withLock { queue -> [(key: Key, completion: Completion)] in
                if queue.asked.isEmpty { queue.isDraining = false }
                defer { queue.asked.removeAll(keepingCapacity: true) }
                return queue.asked
            }
            guard !asked.isEmpty else { return }
            var keys: [Key] = []
            var seen = Set<Key>()
            for (key, _) in asked where seen.insert(key).inserted { keys.append(key) }
            do throws(StoreError) {
                let values = try readBatch(keys)
                for (key, completion) in asked { completion(.success(values[key])) }
            } catch {
                for (_, completion) in asked { completion(.failure(error)) }
            }
        }
    }
}
