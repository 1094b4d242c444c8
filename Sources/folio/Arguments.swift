/// A user's mistake on the command line; printed with the subcommand's usage.
struct CommandLineError: Error, CustomStringConvertible, Equatable {
    var description: String

    init(_ description: String) { self.description = description }
}

/// The words after the subcommand, consumed as options and operands are read.
///
/// Options are `--name value` or `--name=value`; `--` ends options.
struct Arguments {
    private var words: [String]

    init(_ words: [String]) { self.words = words }

    /// Whether `--help` or `-h` was given (it is removed).
    mutating func takeHelp() -> Bool {
        let before = words.count
        words.removeAll { $0 == "--help" || $0 == "-h" }
        return words.count != before
    }

    /// Removes `--name` and returns whether it was there.
    mutating func takeFlag(_ name: String) -> Bool {
        guard let index = words.firstIndex(of: "--\(name)") else { return false }
        words.remove(at: index)
        return true
    }

    /// Removes `--name VALUE` (or `--name=VALUE`) and returns the value.
    /// - Throws: when the option is last and has no value.
    mutating func takeOption(_ name: String) throws(CommandLineError) -> String? {
        let flag = "--\(name)"
        for (index, word) in words.enumerated() {
            if word == "--" { break }
            if word == flag {
                guard index + 1 < words.count else {
                    throw CommandLineError("\(flag) needs a value")
                }
                let value = words[index + 1]
                words.removeSubrange(index...index + 1)
                return value
            }
            if word.hasPrefix(flag + "=") {
                words.remove(at: index)
                return String(word.dropFirst(flag.count + 1))
            }
        }
        return nil
    }

    /// Removes `--name N` (or `--name=N`) and returns N, a whole number in `range`.
    /// - Parameter expected: What N must be, as the error says it (e.g. "a positive number").
    /// - Throws: when the option has no value or N is not a number in `range`.
    mutating func takeInteger(_ name: String, in range: ClosedRange<Int>, expected: String)
        throws(CommandLineError) -> Int?
    {
        guard let text = try takeOption(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw CommandLineError("--\(name) must be \(expected), not '\(text)'")
        }
        return number
    }

    /// Removes and returns the next operand (a word not starting with `--`).
    mutating func takeOperand() -> String? {
        if let dashes = words.firstIndex(of: "--") {
            guard dashes + 1 < words.count else { return nil }
            return words.remove(at: dashes + 1)
        }
        guard let index = words.firstIndex(where: { !$0.hasPrefix("-") || $0 == "-" }) else {
            return nil
        }
        return words.remove(at: index)
    }

    /// Fails when anything was not consumed, naming the first leftover word.
    func finish() throws(CommandLineError) {
        let rest = words.filter { $0 != "--" }
        guard let first = rest.first else { return }
        throw CommandLineError(
            first.hasPrefix("-") ? "unknown option '\(first)'" : "unexpected argument '\(first)'")
    }
}
