import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reloads a `FolioApp` (`FolioApp.reload()`) on `SIGHUP` and, when
/// watching, when its files change: the configuration file, the templates
/// folders and the public folders (stylesheets, fonts, scripts).
///
/// Changes are gathered until `quietPeriod` passes without another, so an
/// editor's write, rename and chmod make one reload. Data files named by
/// the configuration are left out: a view already reads a changed data
/// file (`PageDataLoader`'s stamps) and a live page pushes it, while a
/// reload would end every open event stream for nothing.
///
/// Each reload is logged on standard error: the generation now served,
/// or every problem (file:line:col) of a refused one, the old one serving on.
public final class ReloadWatcher: Sendable {
    /// How long changes must stop before the reload, in milliseconds: an
    /// editor's write, rename and chmod come within a few.
    public static let quietPeriod = 50

    private let app: FolioApp
    private let log: @Sendable (String) -> Void

    /// Starts the watching thread; it runs until the process exits.
    /// - Parameters:
    ///   - app: The app to reload.
    ///   - watchingFiles: false for `--no-watch`: only `SIGHUP` reloads.
    /// - Throws: `FolioStartupError` when inotify is not available (only
    ///   when watching).
    @discardableResult
    public static func start(app: FolioApp, watchingFiles: Bool) throws(FolioStartupError) -> ReloadWatcher {
        let watcher = ReloadWatcher(app: app, log: PageContentStore.logToStandardError)
        let files = watchingFiles ? try FileWatch() : nil
        let hangUp = HangUpSignal.descriptor()
        files.map(watcher.watchEverything)
        // The watch is used by this thread alone from here on.
        nonisolated(unsafe) let owned = files
        let thread = Thread { watcher.run(files: owned, hangUp: hangUp) }
        thread.name = "Folio reload"
        thread.stackSize = 1 << 19
        thread.start()
        return watcher
    }

    private init(app: FolioApp, log: @escaping @Sendable (String) -> Void) {
        self.app = app
        self.log = log
    }

    private func run(files: FileWatch?, hangUp: Int32?) {
        var waiters = [files?.descriptor, hangUp].compactMap { $0 }.map {
            pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
        }
        guard !waiters.isEmpty else { return }
        while true {
            guard poll(&waiters, nfds_t(waiters.count), -1) > 0 else { continue }
            var due = false
            if let hangUp, waiters.contains(where: { $0.fd == hangUp && $0.revents != 0 }) {
                HangUpSignal.drain(hangUp)
                due = true
            }
            if let files, waiters.contains(where: { $0.fd == files.descriptor && $0.revents != 0 }) {
                if files.drainCountingChanges() { due = true }
                if due { waitForQuiet(files) }
            }
            if due {
                reload()
                files.map(watchEverything)
            }
        }
    }

    /// Reads changes until none came for `quietPeriod`.
    private func waitForQuiet(_ files: FileWatch) {
        var waiter = pollfd(fd: files.descriptor, events: Int16(POLLIN), revents: 0)
        while poll(&waiter, 1, Int32(Self.quietPeriod)) != 0 {
            _ = files.drainCountingChanges()
        }
    }

    /// What the log says when a reload took.
    static func reloadedLine(generation: Int, milliseconds: UInt64) -> String {
        "folio serve: reloaded: generation \(generation) serves (built in \(milliseconds) ms)"
    }

    private func reload() {
        let started = DispatchTime.now().uptimeNanoseconds
        do {
            let generation = try app.reload()
            let milliseconds = (DispatchTime.now().uptimeNanoseconds - started) / 1_000_000
            log(Self.reloadedLine(generation: generation, milliseconds: milliseconds))
            for warning in app.warnings { log("folio serve: warning: \(warning)") }
        } catch {
            log("folio serve: reload refused, generation \(app.generation) serves on:\n\(error)")
        }
    }

    /// The configuration file's folder (for that file alone), and every
    /// folder under the templates and public folders.
    private func watchEverything(_ files: FileWatch) {
        files.ignoredFiles = Set(
            app.configuration.dataFiles.map { URL(fileURLWithPath: $0).standardized.path })
        if let file = app.configurationFile {
            let url = URL(fileURLWithPath: file)
            files.watch(
                url.deletingLastPathComponent().standardized.path, names: .only([url.lastPathComponent]))
        }
        for root in app.options.templateSearchPath + app.options.publicSearchPath {
            for folder in Self.folders(under: URL(fileURLWithPath: root).standardized.path) {
                files.watch(folder, names: .any)
            }
        }
    }

    /// `root` and the folders below it, hidden ones left out, at most 1000.
    static func folders(under root: String) -> [String] {
        var found = [root]
        guard
            let walk = FileManager.default.enumerator(
                at: URL(fileURLWithPath: root), includingPropertiesForKeys: [.isDirectoryKey],
                options: [.skipsHiddenFiles])
        else { return found }
        for case let url as URL in walk where found.count < 1000 {
            if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                found.append(url.path)
            }
        }
        return found
    }
}

extension FolioConfiguration {
    /// The data files its pages and tiles read.
    var dataFiles: [String] {
        pagers.flatMap(\.pages).flatMap { page in
            ([page.source] + page.tiles.map(\.source)).compactMap { source in
                if case .file(let path) = source { return path }
                return nil
            }
        }
    }
}
