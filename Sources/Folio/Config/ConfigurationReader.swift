import FolioTemplate

/// Typed access to located JSON values that records a problem, instead of
/// stopping, whenever a value is missing, unknown or of the wrong kind.
///
/// The configuration loader keeps going after a problem so that one run
/// reports all of them.
struct ConfigurationReader {
    /// The file being read, as shown in problems.
    let file: String
    /// Problems found so far, in the order found.
    private(set) var problems: [ConfigurationProblem] = []

    init(file: String) { self.file = file }

    /// Records a problem at `location` (or for the whole file).
    mutating func report(_ location: SourceLocation?, _ message: String) {
        problems.append(ConfigurationProblem(file: file, location: location, message: message))
    }

    /// The members of an object, checked against the keys allowed in it:
    /// unknown and repeated keys are reported and skipped.
    /// - Returns: `nil` (after reporting) when `node` is not an object.
    mutating func object(_ node: JSONNode, allowed: [String], what: String) -> [String: JSONMember]? {
        guard case .object(let members) = node.value else {
            report(node.location, "\(what) must be an object, found \(node.kind)")
            return nil
        }
        var fields: [String: JSONMember] = [:]
        for member in members {
            if !allowed.contains(member.key) {
                let known = allowed.map { "'\($0)'" }.joined(separator: ", ")
                report(member.keyLocation, "unknown key '\(member.key)' in \(what) (known: \(known))")
            } else if let first = fields[member.key] {
                report(
                    member.keyLocation,
                    "duplicate key '\(member.key)' in \(what) (first at \(first.keyLocation))")
            } else {
                fields[member.key] = member
            }
        }
        return fields
    }

    /// A required or optional string member; `nil` if absent or wrong.
    mutating func string(_ fields: [String: JSONMember], _ key: String, in what: String, required: Bool)
        -> String?
    {
        guard let member = fields[key] else {
            if required { reportMissing(key, in: what, fields) }
            return nil
        }
        guard case .string(let text) = member.value.value else {
            report(member.value.location, "'\(key)' must be a string, found \(member.value.kind)")
            return nil
        }
        return text
    }

    /// An optional number member; `nil` if absent or not a number (reported).
    mutating func number(_ fields: [String: JSONMember], _ key: String) -> Double? {
        guard let member = fields[key] else { return nil }
        return number(member.value, named: key)
    }

    /// A number node; `nil` (after reporting) otherwise. Ranges are
    /// `FolioConfiguration.validate(templates:)`'s to judge.
    mutating func number(_ node: JSONNode, named key: String) -> Double? {
        guard case .number(let number) = node.value else {
            report(node.location, "'\(key)' must be a number, found \(node.kind)")
            return nil
        }
        return number
    }

    /// Reports a required key that is missing, at the object's first key.
    mutating func reportMissing(_ key: String, in what: String, _ fields: [String: JSONMember]) {
        let location = fields.values.map(\.keyLocation).min()
        report(location, "missing required key '\(key)' in \(what)")
    }
}
