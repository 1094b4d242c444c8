// A correct program that ThreadSanitizer reports as racy on Linux: eight
// threads update a dictionary only inside Synchronization.Mutex.withLock.
// The reason Folio shares state behind FolioSync.LockedValue (a pthread
// mutex, which TSan understands) rather than Mutex. Run:
//   swiftc -sanitize=thread -O -g Tests/Security/MutexProbe.swift -o /tmp/probe && /tmp/probe

import Dispatch
import Synchronization

final class Box: Sendable {
    let state = Mutex<[Int: Double]>([:])
}
let box = Box()
DispatchQueue.concurrentPerform(iterations: 8) { worker in
    for i in 0..<20_000 {
        box.state.withLock { dict in
            if dict.count > 100 { dict.removeAll(keepingCapacity: true) }
            dict[i &* 31 &+ worker, default: 0] += 1
        }
    }
}
print(box.state.withLock { $0.count })
