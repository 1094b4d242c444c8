import FolioHTTP
import Foundation

extension FolioApp {
    /// The number of the generation served now (1 until a reload replaces it).
    public var generation: Int { site.generation }

    /// Reads the configuration again, as `launch` did (the file, its data
    /// files, the templates, stylesheets and public folders), checks it in
    /// full with the rules of `folio check`, and only when it passes puts a
    /// new generation in service, at once for every request that starts
    /// after. Requests in flight finish on the generation they began with;
    /// open event streams of live pagers are told (`event: reload`) and
    /// ended, so their tabs follow. Sessions, the secret and the state
    /// store stay as they are.
    ///
    /// An app built from a configuration in Swift (no file) checks and
    /// builds the same configuration again, with the templates and public
    /// files as they are now.
    /// - Returns: The new generation's number.
    /// - Throws: `ConfigurationError` (every problem, with file:line:col) or
    ///   `FolioStartupError`; the generation served then stays, and
    ///   `/healthz` names the problems until a reload passes.
    @discardableResult
    public func reload() throws -> Int {
        try reloading.withLock { _ throws -> Int in
            do {
                let next = try nextSite(numbered: site.generation + 1)
                let replaced = swapSite(next)
                replaced.live.retire(generation: next.generation)
                parts.reloads.passed()
                return next.generation
            } catch {
                parts.reloads.failed(error, hiding: dashboardFolders)
                throw error
            }
        }
    }

    /// The folders a reload's problems name files in, as given and resolved.
    private var dashboardFolders: [String] {
        let given = [
            configurationFile.map { ($0 as NSString).deletingLastPathComponent }, options.templatesDirectory,
            options.publicDirectory,
        ]
        return given.compactMap { $0 }.flatMap { [$0, URL(fileURLWithPath: $0).standardized.path] }
    }

    /// The next generation, from the files as they are now.
    private func nextSite(numbered generation: Int) throws -> FolioSite {
        guard let configurationFile else {
            return try FolioSite(
                generation: generation, configuration: configuration, validated: nil, app: parts)
        }
        let (configuration, warnings) = try Self.loadConfiguration(configurationFile, options: options)
        return try FolioSite(
            generation: generation, configuration: configuration, validated: warnings, app: parts)
    }
}
