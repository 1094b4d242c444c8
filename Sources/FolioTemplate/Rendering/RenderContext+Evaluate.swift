extension RenderContext {
    /// Evaluates an expression in the current scope.
    func evaluate(_ expression: Expression) throws(EvaluationFailure) -> Evaluated {
        switch expression {
        case .path(let path):
            return try resolve(path)
        case .alternatives(let alternatives):
            for alternative in alternatives.dropLast() {
                if let value = try? evaluate(alternative) { return value }
            }
            return try evaluate(alternatives[alternatives.count - 1])
        case .string(let parts):
            var text = ""
            for part in parts {
                switch part {
                case .literal(let literal): text += literal
                case .path(let path):
                    if case .value(let value) = try resolve(path) { text += value.text }
                }
            }
            return .value(.string(text))
        case .not(let inner):
            return .value(.bool(!(try evaluate(inner).isTrue)))
        case .exists(let inner):
            return .value(.bool((try? evaluate(inner)) != nil))
        case .formatted(let call, let inner):
            // A path that names nothing is a missing value for the format (`—`, `unknown`), not a failed page.
            var value: TemplateValue?
            if case .value(let found) = try? evaluate(inner) { value = found }
            return .value(call.formatter.apply(to: value, in: formatEnvironment))
        }
    }

    /// Follows a path from its root through its steps.
    func resolve(_ path: PathExpression) throws(EvaluationFailure) -> Evaluated {
        var current: TemplateValue
        var steps = path.steps[...]
        switch path.root {
        case .nothing:
            current = .null
        case .default:
            guard steps.isEmpty else { throw EvaluationFailure(message: "'default' has no parts to follow") }
            return .default
        case .attrs:
            current = attrs
        case .repeat:
            guard let first = steps.popFirst() else {
                throw EvaluationFailure(message: "'repeat' needs a loop name: repeat/NAME/index")
            }
            let name = try stepName(first)
            guard let state = repeats.last(where: { $0.name == name }) else {
                throw EvaluationFailure(message: "no tal:repeat named '\(name)' is running here")
            }
            guard let property = steps.popFirst() else {
                throw EvaluationFailure(message: "'repeat/\(name)' needs a property such as index or number")
            }
            current = try repeatProperty(state, try stepName(property))
        case .variable(let name):
            guard let found = variable(name) else {
                throw EvaluationFailure(message: "'\(name)' is not defined")
            }
            guard case .value(let value) = found else {
                guard steps.isEmpty else { throw EvaluationFailure(message: "'\(name)' is default") }
                return .default
            }
            current = value
        }
        for position in steps.indices {
            current = try follow(steps[position], from: current, walked: path, stepsTaken: position)
        }
        return .value(current)
    }

    private func stepName(_ step: PathExpression.Step) throws(EvaluationFailure) -> String {
        switch step {
        case .name(let name, _): return name
        case .variable(let variable):
            guard case .value(let value) = self.variable(variable) ?? .value(.null), value != .null else {
                throw EvaluationFailure(message: "'?\(variable)' names no defined value")
            }
            return value.text
        }
    }

    /// One step along `path`; `stepsTaken` of its steps are behind (named in messages only).
    private func follow(
        _ step: PathExpression.Step, from value: TemplateValue, walked path: PathExpression, stepsTaken: Int
    ) throws(EvaluationFailure) -> TemplateValue {
        let name = try stepName(step)
        switch value {
        case .object(let object):
            if let found = object[name] { return found }
            throw EvaluationFailure(
                message:
                    "'\(WalkedPath(path: path, stepsTaken: stepsTaken))' has no key '\(name)' (its keys: \(object.keys.prefix(8).joined(separator: ", ")))"
            )
        case .array(let items):
            let index: Int?
            if case .name(_, let numeric) = step { index = numeric } else { index = Int(name) }
            guard let index else {
                throw EvaluationFailure(
                    message:
                        "'\(WalkedPath(path: path, stepsTaken: stepsTaken))' is a list: '\(name)' is not an index"
                )
            }
            guard items.indices.contains(index) else {
                throw EvaluationFailure(
                    message:
                        "'\(WalkedPath(path: path, stepsTaken: stepsTaken))' has \(items.count) items: index \(index) is out of range"
                )
            }
            return items[index]
        case .null:
            throw EvaluationFailure(
                message:
                    "'\(WalkedPath(path: path, stepsTaken: stepsTaken))' is nothing, so it has no '\(name)'")
        default:
            throw EvaluationFailure(
                message:
                    "'\(WalkedPath(path: path, stepsTaken: stepsTaken))' is a \(value.kind), so it has no '\(name)'"
            )
        }
    }

    /// The part of a path followed so far, for a message: spelled out only if the message is read.
    private struct WalkedPath: CustomStringConvertible, Sendable {
        let path: PathExpression
        let stepsTaken: Int

        var description: String {
            path.text.split(separator: "/", omittingEmptySubsequences: false).prefix(1 + stepsTaken)
                .joined(separator: "/")
        }
    }

    private func repeatProperty(_ state: RepeatState, _ property: String) throws(EvaluationFailure)
        -> TemplateValue
    {
        let index = state.index
        switch property {
        case "index": return .number(Double(index))
        case "number": return .number(Double(index + 1))
        case "even": return .bool(index % 2 == 0)
        case "odd": return .bool(index % 2 == 1)
        case "start", "first": return .bool(index == 0)
        case "end", "last": return .bool(index == state.length - 1)
        case "length": return .number(Double(state.length))
        case "letter": return .string(RepeatFormat.letters(index))
        case "Letter": return .string(RepeatFormat.letters(index).uppercased())
        case "roman": return .string(RepeatFormat.roman(index + 1).lowercased())
        case "Roman": return .string(RepeatFormat.roman(index + 1))
        default:
            throw EvaluationFailure(
                message: "repeat/\(state.name)/\(property): unknown property (known: index number even odd"
                    + " start end first last length letter Letter roman Roman)")
        }
    }
}

extension TemplateValue {
    /// What kind of value this is, as a word for messages (`list`, `string`).
    public var kind: String {
        switch self {
        case .null: return "nothing"
        case .bool: return "boolean"
        case .number: return "number"
        case .string, .markup: return "string"
        case .array: return "list"
        case .object: return "object"
        }
    }
}

/// `repeat/x/letter` and `repeat/x/roman`.
enum RepeatFormat {
    /// `a`…`z`, then `ba`, `bb`…: base 26 with `a` as zero (as zope.tales).
    static func letters(_ index: Int) -> String {
        var number = index
        var letters: [Character] = []
        repeat {
            letters.append(Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(number % 26))))
            number /= 26
        } while number > 0
        return String(letters.reversed())
    }

    static func roman(_ number: Int) -> String {
        let table: [(Int, String)] = [
            (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"),
            (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
        ]
        var rest = number
        var text = ""
        for (value, numeral) in table {
            while rest >= value {
                text += numeral
                rest -= value
            }
        }
        return text
    }
}
