import FolioHTTP

/// `FolioHTTPFixture [--host H] [--port N] [--static DIR] [--quiet] [--loops N]
/// [--head-timeout S] [--body-timeout S] [--idle-timeout S] [--write-timeout S]
/// [--max-connections N] [--body-limit BYTES] [--body-budget BYTES] [--stream-limit BYTES]
/// [--head-budget BYTES] [--max-streams-per-address N]`
struct FixtureOptions {
    var configuration = HTTPServerConfiguration(port: 0)
    var staticRoot: String?

    init(arguments: [String]) throws(FixtureError) {
        var remaining = arguments[...]
        func value(_ flag: String) throws(FixtureError) -> String {
            guard let next = remaining.popFirst() else {
                throw FixtureError(message: "\(flag) needs a value")
            }
            return next
        }
        func seconds(_ flag: String) throws(FixtureError) -> Duration {
            guard let number = Double(try value(flag)) else {
                throw FixtureError(message: "\(flag): not a number")
            }
            return .milliseconds(Int(number * 1000))
        }
        func integer(_ flag: String) throws(FixtureError) -> Int {
            guard let number = Int(try value(flag)) else {
                throw FixtureError(message: "\(flag): not an integer")
            }
            return number
        }
        while let flag = remaining.popFirst() {
            switch flag {
            case "--host": configuration.host = try value(flag)
            case "--port": configuration.port = try integer(flag)
            case "--static": staticRoot = try value(flag)
            case "--quiet": configuration.accessLog = false
            case "--loops": configuration.eventLoopCount = max(1, try integer(flag))
            case "--head-timeout": configuration.timeouts.head = try seconds(flag)
            case "--body-timeout": configuration.timeouts.body = try seconds(flag)
            case "--idle-timeout": configuration.timeouts.idle = try seconds(flag)
            case "--write-timeout": configuration.timeouts.write = try seconds(flag)
            case "--max-connections": configuration.maxConnections = try integer(flag)
            case "--body-limit": configuration.limits.bodyBytes = try integer(flag)
            case "--body-budget": configuration.bodyBudgetBytes = try integer(flag)
            case "--head-budget": configuration.headBudgetBytes = try integer(flag)
            case "--stream-limit": configuration.streamOutputLimit = try integer(flag)
            case "--max-streams-per-address": configuration.maxStreamsPerAddress = try integer(flag)
            default: throw FixtureError(message: "unknown option \(flag)")
            }
        }
    }
}

/// A bad command line.
struct FixtureError: Error {
    var message: String
}
