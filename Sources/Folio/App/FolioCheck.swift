import FolioTemplate
import Foundation

/// `folio check`: every problem of a configuration and its templates.
public enum FolioCheck {
    /// The templates every dashboard renders, besides the pages' own.
    public static let requiredTemplates = ["page.html", "fragment.html", "index.html", "error.html"]

    /// Checks a configuration file and compiles every template it uses.
    /// - Returns: The loaded configuration (if it loaded) and all problems,
    ///   each with `file:line:col` where known; no problems means valid.
    public static func run(configurationFile: String, templatesDirectory: String)
        -> (FolioConfiguration?, [ConfigurationProblem])
    {
        var problems: [ConfigurationProblem] = []
        var configuration: FolioConfiguration?
        do {
            configuration = try FolioConfiguration.load(
                file: configurationFile, templatesDirectory: templatesDirectory)
        } catch {
            problems += error.problems
        }
        do {
            try FolioPaths.checkReadableDirectory(templatesDirectory, role: "templates")
        } catch {
            problems.append(
                ConfigurationProblem(file: templatesDirectory, location: nil, message: "\(error)"))
            return (configuration, problems)
        }
        let templates: TemplateSet
        do {
            templates = try TemplateSet(directory: templatesDirectory)
        } catch {
            problems.append(problem(error, in: templatesDirectory))
            return (configuration, problems)
        }
        var names = requiredTemplates
        for pager in configuration?.pagers ?? [] {
            for page in pager.pages where !names.contains(page.template) { names.append(page.template) }
        }
        for name in names {
            do {
                _ = try templates.template(named: name)
            } catch {
                problems.append(problem(error, in: templatesDirectory))
            }
        }
        return (configuration, problems)
    }

    /// A template error as a problem, its file made a path the user can open.
    static func problem(_ error: TemplateError, in directory: String) -> ConfigurationProblem {
        let file =
            error.file.hasPrefix("/") || error.file.hasPrefix(directory) || error.file.isEmpty
            ? (error.file.isEmpty ? directory : error.file) : directory + "/" + error.file
        let location = error.line > 0 ? SourceLocation(line: error.line, column: max(error.column, 1)) : nil
        return ConfigurationProblem(file: file, location: location, message: error.message)
    }
}
