import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Made readable by the SIGHUP handler (`write(2)` is async-signal-safe):
/// a pipe, created before the handler is installed, whose read end the
/// reload thread polls. Both ends are non-blocking, so a burst of signals
/// never blocks the handler.
private let hangUpPipe: (read: Int32, write: Int32) = {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return (-1, -1) }
    for end in ends {
        _ = fcntl(end, F_SETFL, O_NONBLOCK)
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    return (ends[0], ends[1])
}()

/// `SIGHUP`, the usual "read your configuration again", as a descriptor
/// that a `poll` can wait on beside the file watch.
enum HangUpSignal {
    /// Installs the handler (once per process) and returns the descriptor
    /// that becomes readable on each `SIGHUP`; nil if no pipe could be made.
    static func descriptor() -> Int32? {
        let ends = hangUpPipe
        guard ends.read >= 0 else { return nil }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            var byte: UInt8 = 1
            _ = write(hangUpPipe.write, &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(SIGHUP, &action, nil)
        return ends.read
    }

    /// Empties the pipe: several signals before the reload make one reload.
    static func drain(_ descriptor: Int32) {
        var bytes = [UInt8](repeating: 0, count: 64)
        while bytes.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    }
}
