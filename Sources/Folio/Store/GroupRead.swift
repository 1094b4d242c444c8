import Dispatch
import FolioSync

/// Group read: reads from many threads that arrive together are answered by
/// one query, as `GroupCommit` commits writes that arrive together in one
/// transaction. A batch takes every key asked so far and reads them at
/// once; keys asked meanwhile form the next batch, up to `inFlight` batches
/// under way together. A read asked after a write completed is in a batch
/// that starts after it, so it sees the write.
final class GroupRead<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// Reads a batch of distinct keys, the value of each key found, and
    /// calls its argument once, from any thread, when it has them.
    typealias ReadBatch =
        @Sendable ([Key], @escaping @Sendable (Result<[Key: Value], StoreError>) -> Void) -> Void
    private typealias Completion = @Sendable (Result<Value?, StoreError>) -> Void

    private let readBatch: ReadBatch
    private let inFlight: Int
    private let reader = DispatchQueue(label: "Folio group read", qos: .userInitiated)
    private let queue = LockedValue(Queue())

    private struct Queue {
        var asked: [(key: Key, completion: Completion)] = []
        var inFlight = 0
    }

    init(inFlight: Int, readingWithoutWaiting readBatch: @escaping ReadBatch) {
        self.inFlight = max(1, inFlight)
        self.readBatch = readBatch
    }

    /// One batch at a time, read on the reader by `readBatch`, which returns once it has them.
    convenience init(_ readBatch: @escaping @Sendable ([Key]) throws(StoreError) -> [Key: Value]) {
        self.init(inFlight: 1) { keys, done in
            do throws(StoreError) { done(.success(try readBatch(keys))) } catch { done(.failure(error)) }
        }
    }

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
        let batch = queue.withLock { queue -> [(key: Key, completion: Completion)]? in
            queue.asked.append((key, completion))
            guard queue.inFlight < inFlight else { return nil }
            queue.inFlight += 1
            defer { queue.asked.removeAll(keepingCapacity: true) }
            return queue.asked
        }
        if let batch { reader.async { self.start(batch) } }
    }

    private func start(_ asked: [(key: Key, completion: Completion)]) {
        var keys: [Key] = []
        var seen = Set<Key>()
        for (key, _) in asked where seen.insert(key).inserted { keys.append(key) }
        readBatch(keys) { result in self.reader.async { self.finish(asked, result) } }
    }

    private func finish(
        _ asked: [(key: Key, completion: Completion)], _ result: Result<[Key: Value], StoreError>
    ) {
        switch result {
        case .success(let values): for (key, completion) in asked { completion(.success(values[key])) }
        case .failure(let error): for (_, completion) in asked { completion(.failure(error)) }
        }
        let next = queue.withLock { queue -> [(key: Key, completion: Completion)]? in
            guard !queue.asked.isEmpty else {
                queue.inFlight -= 1
                return nil
            }
            defer { queue.asked.removeAll(keepingCapacity: true) }
            return queue.asked
        }
        if let next { start(next) }
    }
}
