import FolioTemplate
import FolioText

/// `folio check`: every problem of a configuration and its templates.
public enum FolioCheck {
    /// The templates every dashboard renders, besides the pages' own.
    public static let requiredTemplates = [
        PagerView.pageTemplate, PagerView.fragmentTemplate, PagerView.indexTemplate, PagerView.errorTemplate,
    ]

    /// Checks a configuration file and compiles every template it uses.
    ///
    /// Reading and `FolioConfiguration.validate(templates:)` find the
    /// configuration's problems (the ones `FolioApp` refuses to start with);
    /// titles too wide for an equal tab on a 390 px phone are warnings;
    /// then every template on the search path is compiled and the chrome
    /// templates must exist.
    /// - Parameters:
    ///   - configurationFile: The configuration's path.
    ///   - templatesDirectory: The user's templates folder, searched before
    ///     Folio's built-in one.
    /// - Returns: The loaded configuration (if it loaded) and all problems,
    ///   warnings included, sorted by file, line and column; no problem of
    ///   severity `error` means valid.
    public static func run(configurationFile: String, templatesDirectory: String)
        -> (FolioConfiguration?, [ConfigurationProblem])
    {
        var problems: [ConfigurationProblem] = []
        var configuration: FolioConfiguration?
        do {
            let (loaded, warnings) = try FolioConfiguration.loadReportingWarnings(
                file: configurationFile, templatesDirectory: templatesDirectory)
            configuration = loaded
            problems += warnings
            // Measured with Folio's own fonts, as `folio serve` measures titles.
            if let fonts = try? FontMeasurer.standard(publicDirectory: FolioPaths.builtInPublicDirectory) {
                problems += loaded.titleFitProblems(measurer: fonts)
            }
        } catch {
            problems += error.problems
        }
        do {
            try FolioPaths.checkReadableDirectory(templatesDirectory, role: "templates")
        } catch {
            problems.append(
                ConfigurationProblem(file: templatesDirectory, location: nil, message: "\(error)"))
            return (configuration, ConfigurationProblem.sorted(problems))
        }
        let searchPath = FolioPaths.templateSearchPath([templatesDirectory])
        let templates: TemplateSet
        do {
            templates = try TemplateSet(
                searchPath: searchPath, formatting: configuration?.formatting ?? .builtIn)
        } catch {
            problems.append(ConfigurationProblem(error, in: templatesDirectory))
            return (configuration, ConfigurationProblem.sorted(problems))
        }
        for name in requiredTemplates {
            guard templates.path(of: name) != nil else {
                let searched = searchPath.map { $0 + "/" + name }.joined(separator: ", ")
                problems.append(
                    ConfigurationProblem(
                        file: name, location: nil, message: "not found; searched \(searched)"))
                continue
            }
            do {
                try templates.template(named: name).checkMacroReferences()
            } catch {
                problems.append(ConfigurationProblem(error, in: templatesDirectory))
            }
        }
        // A page's template that does not compile is found twice: by the
        // validation and by compiling the whole search path.
        var seen = Set<ConfigurationProblem>()
        return (configuration, ConfigurationProblem.sorted(problems.filter { seen.insert($0).inserted }))
    }
}
