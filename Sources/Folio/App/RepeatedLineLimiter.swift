import Dispatch
import FolioSync

/// Writes a line that repeats (the store failing every click of an outage)
/// at most once per `interval`: the first at once; those that follow within
/// the interval are counted, and when it ends the last of them is written
/// once with the count ("… (and 407 more like it in 5 s)").
final class RepeatedLineLimiter: Sendable {
    private struct Window {
        var open = false
        var held = 0
        var latest = ""
    }

    private let interval: Double
    private let write: @Sendable (String) -> Void
    private let window = LockedValue(Window())
    private let timer = DispatchQueue(label: "Folio repeated log lines")

    init(interval: Double = 5, write: @escaping @Sendable (String) -> Void) {
        self.interval = interval
        self.write = write
    }

    func note(_ line: String) {
        let first = window.withLock { window -> Bool in
            guard window.open else {
                window.open = true
                return true
            }
            window.held += 1
            window.latest = line
            return false
        }
        guard first else { return }
        write(line)
        closeWindowLater()
    }

    private func closeWindowLater() {
        timer.asyncAfter(deadline: .now() + interval) { [self] in
            let summary = window.withLock { window -> String? in
                guard window.held > 0 else {
                    window.open = false
                    return nil
                }
                let others = window.held - 1
                let line =
                    others == 0
                    ? window.latest
                    : "\(window.latest) (and \(others) more like it in \(Self.seconds(interval)))"
                window.held = 0
                return line
            }
            guard let summary else { return }
            write(summary)
            closeWindowLater()
        }
    }

    private static func seconds(_ interval: Double) -> String {
        interval == interval.rounded() ? "\(Int(interval)) s" : "\(interval) s"
    }
}
