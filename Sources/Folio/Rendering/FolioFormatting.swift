import FolioCore
import FolioTemplate
import Foundation

/// FolioCore's formats and levels for templates: `format:SPEC PATH` and
/// `level:SPEC PATH`, where SPEC is a built-in spec (`compact`,
/// `warning=80,critical=90`) or a name the configuration's `formats` and
/// `levels` give one, shown in the configuration's `timeZone`.
///
/// `FolioApp` and `folio check` open their templates with the
/// configuration's (`FolioConfiguration.formatting`); `folio template` with
/// ``builtIn``.
public struct FolioFormatting: TemplateFormatting {
    /// The zone absolute times are shown in.
    let timeZone: TimeZone
    /// The configuration's named formats (`"requests": "compact"`).
    let formats: [String: ValueFormat]
    /// The configuration's named levels (`"cpu": "warning=0.8,critical=0.9"`).
    let levels: [String: LevelRule]

    /// Built-in specs only, in UTC (templates checked or previewed without a configuration).
    public static let builtIn = FolioFormatting(timeZone: .gmt, formats: [:], levels: [:])

    /// Compiles a built-in spec or one of the configuration's names.
    /// - Throws: `TemplateFormattingError` with the spec's problem and the names the configuration gives.
    public func compile(_ spec: String, as kind: TemplateFormatKind) throws(TemplateFormattingError)
        -> any TemplateFormatter
    {
        do throws(FormatSpecError) {
            switch kind {
            case .format:
                if let named = formats[spec] { return ValueFormatter(format: named, timeZone: timeZone) }
                return ValueFormatter(format: try ValueFormat(spec: spec), timeZone: timeZone)
            case .level:
                if let named = levels[spec] { return LevelFormatter(rule: named) }
                return LevelFormatter(rule: try LevelRule(spec: spec))
            }
        } catch {
            let named = kind == .format ? formats.keys.sorted() : levels.keys.sorted()
            let names = named.isEmpty ? "" : " (the configuration names: \(named.joined(separator: ", ")))"
            throw TemplateFormattingError(message: error.description + names)
        }
    }
}

/// A format applied in a render's language and now.
struct ValueFormatter: TemplateFormatter {
    let format: ValueFormat
    let timeZone: TimeZone
    /// A relative time reads differently a minute later.
    var dependsOnNow: Bool { format.kind == .relative }

    func apply(to value: TemplateValue?, in environment: TemplateFormatEnvironment) -> TemplateValue {
        let context = FormatContext(
            language: FormatLanguage(tag: environment.language), timeZone: timeZone, now: environment.now)
        return .string(format.format(FormatInput(value), in: context))
    }
}

/// A level rule, its level as a word (`ok`, `warning`, `critical`, `unknown`).
struct LevelFormatter: TemplateFormatter {
    let rule: LevelRule

    func apply(to value: TemplateValue?, in environment: TemplateFormatEnvironment) -> TemplateValue {
        .string(rule.level(of: FormatInput(value)).rawValue)
    }
}

extension FormatInput {
    /// A template value as a format's input: lists, objects and markup are no value.
    init(_ value: TemplateValue?) {
        switch value {
        case .number(let number): self = .number(number)
        case .string(let text): self = .text(text)
        case .bool(let flag): self = .bool(flag)
        case .null, .array, .object, .markup, nil: self = .missing
        }
    }
}

extension FolioConfiguration {
    /// The formats its templates compile with: its `timeZone` (UTC when
    /// unknown) and the named `formats` and `levels` that parse (the
    /// validation reports the others).
    public var formatting: FolioFormatting {
        FolioFormatting(
            timeZone: TimeZone(identifier: timeZone) ?? .gmt,
            formats: formats.compactMapValues { try? ValueFormat(spec: $0) },
            levels: levels.compactMapValues { try? LevelRule(spec: $0) })
    }
}
