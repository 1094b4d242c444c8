import Folio
import FolioHTTP
import Foundation

/// `--config`, `--templates` and `--public`, shared by `serve`, `render`
/// and `check`.
struct DashboardOptions: Sendable {
    var configurationFile: String
    var templatesDirectory: String
    var publicDirectory: String

    static let help = """
          --config FILE        the dashboard configuration (default: the demo,
                               TEMPLATES/demo/folio.json)
          --templates DIR      the templates folder, searched before Folio's own
                               (default: ./Templates if it exists)
          --public DIR         the static files folder (default: ./Public, else the
                               source tree's)
        """

    init(arguments: inout Arguments) throws(CommandLineError) {
        templatesDirectory = try arguments.takeOption("templates") ?? FolioPaths.defaultTemplatesDirectory
        publicDirectory = try arguments.takeOption("public") ?? FolioPaths.defaultPublicDirectory
        configurationFile =
            try arguments.takeOption("config")
            ?? FolioPaths.demoConfiguration(templatesDirectory: templatesDirectory)
    }

    func appOptions(basePath: String = "") -> FolioAppOptions {
        var options = FolioAppOptions(
            templatesDirectory: templatesDirectory, publicDirectory: publicDirectory)
        options.basePath = FolioAppOptions.normalizedBasePath(basePath)
        options.version = FolioCommand.version
        return options
    }
}

/// `folio serve`: serve a dashboard over HTTP until SIGINT or SIGTERM.
struct ServeCommand: Subcommand {
    static let name = "serve"
    static let abstract = "Serve a dashboard (the default: the demo on 127.0.0.1:8080)."
    static let help = """
        USAGE: folio serve [--config FILE] [--host HOST] [--port PORT] [--base-path PATH]
                           [--state FILE|memory|URL] [--templates DIR] [--public DIR]
                           [--frame-ancestors SOURCE ...] [--max-sessions N]
                           [--max-connections N] [--max-streams-per-address N]
                           [--workers N] [--no-access-log] [--no-watch]
                           [--feed-max-bytes N] [--panel-max-bytes N]
                           [--feed-redirects same-origin|any-host]
                           [--cookie-path PATH] [--partitioned-cookies]
                           [--csrf-secret-file FILE] [--state-password-file FILE]
        \(SingleSignOnOptions.usage)

        Serves the pagers of a configuration and prints the URL. Stops on Ctrl-C or
        SIGTERM, finishing requests in flight. The configuration is checked first
        (as by folio check); warnings are printed and do not stop serve.

        Reloads without a restart when the configuration file, a template or a
        public file (stylesheets included) changes, and on SIGHUP: the new files
        are checked in full first and replace the old ones only if they pass;
        requests in flight finish on the old ones, open live tabs follow. A
        refused reload logs every problem (file:line:col) and the old dashboard
        serves on; /healthz names the generation served (Folio-Generation) and
        the last reload's problems (Folio-Reload-Error). Data files need no
        reload: views and live pages read them when they change.

        Behind a TLS-terminating reverse proxy: a request carrying
        X-Forwarded-Proto: https gets its session cookie marked Secure (and named
        __Host-folio_session when the cookie path is /), so the proxy should
        set that header (and drop a client's own). With --trusted-proxy, that
        header and the identity headers are believed only from those proxies;
        pagers with an access rule are 404 to anyone else (the documentation's
        "Behind single sign-on").

        Views keep no state: a visitor without a session gets a form whose CSRF
        token is signed with a server secret, and the first click creates the
        session. The secret is kept in the state store, or in --csrf-secret-file.

        OPTIONS:
        \(DashboardOptions.help)
          --host HOST          the address to listen on (default: 127.0.0.1)
          --port PORT          the port (default: 8080; 0 picks a free one, and the
                               URL printed names it)
          --base-path PATH     serve every route under PATH, e.g. /intranet/pager,
                               for a reverse proxy (default: none)
          --state FILE|memory|URL
                               where session state is kept (default:
                               folio-state.sqlite in the working folder); memory
                               keeps nothing across restarts; a URL
                               postgresql://USER@HOST:PORT/DB (or postgres://;
                               no password in it: every local user sees it in
                               ps; see --state-password-file)
                               keeps it in PostgreSQL, shared by every instance
                               on that database (no sticky sessions needed):
                               the tables are created or migrated at start,
                               ?pool=N sets the most connections (1-64,
                               default 4), libpq's own parameters pass through
                               (connect_timeout=2 and a 5 s statement timeout
                               unless given; no answer is awaited past 6 s,
                               so a frozen database fails the request); a
                               database down at start stops
                               serve with exit code 1, one down later fails
                               clicks with 503 until it is back
          --frame-ancestors SOURCE
                               who may embed the pages in a frame (repeatable;
                               default: 'self')
          --max-sessions N     the most sessions kept (default: 100000)
          --max-connections N  the most open connections; one more gets a quick
                               503 (default: 10000, and never more than the
                               open-file limit allows, which serve raises to
                               the hard limit). Event streams together hold
                               at most nine tenths of them, so pages and
                               /healthz always find one; one more stream gets
                               503 with Retry-After
          --max-streams-per-address N
                               the most event streams one client address may
                               hold open (behind a --trusted-proxy, the address
                               it forwards); one more gets 429 with Retry-After
                               (default: 32)
          --workers N          threads for requests that may block (a durable
                               write, a data file to read, a view that waits up
                               to 0.5 s for a page's URL data), so the event
                               loops keep serving the rest (default: 4)
          --no-access-log      do not log each request to standard error
          --no-watch           do not watch the files for changes (SIGHUP still
                               reloads)
          --feed-max-bytes N   the most bytes read of a page's URL feed; past it the
                               page shows its error panel (default: 4194304, 4 MiB)
          --panel-max-bytes N  the most bytes of HTML one page's panel may render to;
                               past it the page shows its error panel (default:
                               2097152, 2 MiB)
          --feed-redirects same-origin|any-host
                               where a feed's redirects may lead (default:
                               same-origin: the feed's own scheme, host and port)
          --cookie-path PATH   the Path of Folio's cookies (default: the base path
                               and /); a portal page outside the base path that
                               includes the fragment with SSI needs one covering
                               it, often /. Must be a prefix of the base path
          --partitioned-cookies
                               cookies SameSite=None; Secure; Partitioned (CHIPS),
                               so a pager framed by another site keeps its
                               selection (default: SameSite=Lax, which browsers
                               withhold from cross-site frames)
          --csrf-secret-file FILE
                               the secret that signs the forms of visitors without
                               a session, shared by several instances (created,
                               mode 0600, when absent; default: kept in the state
                               store)
          --state-password-file FILE
                               the PostgreSQL password, read from FILE (Folio's
                               user's own, mode 0600; a trailing newline is not
                               part of it) instead of the --state URL; libpq's
                               PGPASSFILE, PGPASSWORD and service files also work
        \(SingleSignOnOptions.help)
        """

    var dashboard: DashboardOptions
    var host: String
    var port: Int
    var basePath: String
    var state: StateLocation
    var frameAncestors: [String]
    var maxSessions: Int?
    var maxConnections: Int?
    var maxStreamsPerAddress: Int?
    var workers: Int?
    var accessLog: Bool
    var watchesFiles: Bool
    var feedMaxBytes: Int?
    var panelMaxBytes: Int?
    var feedRedirects: FeedRedirects?
    var cookiePath: String?
    var partitionedCookies: Bool
    var secretFile: String?
    var statePasswordFile: String?
    var singleSignOn: SingleSignOnOptions

    init(arguments: inout Arguments) throws(CommandLineError) {
        dashboard = try DashboardOptions(arguments: &arguments)
        host = try arguments.takeOption("host") ?? "127.0.0.1"
        port = try arguments.takeInteger("port", in: 0...65535, expected: "a number from 0 to 65535") ?? 8080
        basePath = try arguments.takeOption("base-path") ?? ""
        state = try arguments.takeOption("state").map(StateLocation.init(argument:)) ?? .default
        var ancestors: [String] = []
        while let value = try arguments.takeOption("frame-ancestors") {
            ancestors += value.split(separator: " ").map(String.init)
        }
        frameAncestors = ancestors.isEmpty ? ["'self'"] : ancestors
        maxSessions = try arguments.takeInteger(
            "max-sessions", in: 1...Int.max, expected: "a positive number")
        maxConnections = try arguments.takeInteger(
            "max-connections", in: 1...Int.max, expected: "a positive number")
        maxStreamsPerAddress = try arguments.takeInteger(
            "max-streams-per-address", in: 1...Int.max, expected: "a positive number")
        workers = try arguments.takeInteger("workers", in: 1...1024, expected: "a number from 1 to 1024")
        accessLog = !arguments.takeFlag("no-access-log")
        watchesFiles = !arguments.takeFlag("no-watch")
        feedMaxBytes = try arguments.takeInteger(
            "feed-max-bytes", in: 1...(1 << 40), expected: "a positive number of bytes")
        panelMaxBytes = try arguments.takeInteger(
            "panel-max-bytes", in: 1...(1 << 40), expected: "a positive number of bytes")
        if let value = try arguments.takeOption("feed-redirects") {
            guard let redirects = FeedRedirects(rawValue: value) else {
                throw CommandLineError("--feed-redirects must be same-origin or any-host, not '\(value)'")
            }
            feedRedirects = redirects
        }
        cookiePath = try arguments.takeOption("cookie-path")
        partitionedCookies = arguments.takeFlag("partitioned-cookies")
        secretFile = try arguments.takeOption("csrf-secret-file")
        statePasswordFile = try arguments.takeOption("state-password-file")
        singleSignOn = try SingleSignOnOptions(arguments: &arguments)
    }

    func run() async throws -> Int32 {
        var options = dashboard.appOptions(basePath: basePath)
        options.frameAncestors = frameAncestors
        if let maxSessions { options.sessions.maxSessions = maxSessions }
        if let feedMaxBytes { options.pageData.maxFeedBytes = feedMaxBytes }
        if let panelMaxBytes { options.pageData.maxPanelBytes = panelMaxBytes }
        if let feedRedirects { options.pageData.redirects = feedRedirects }
        options.cookiePath = cookiePath
        options.partitionedCookies = partitionedCookies
        options.secretFile = secretFile
        options.statePasswordFile = statePasswordFile
        singleSignOn.apply(to: &options)
        if let warning = state.passwordWarning { printError("folio serve: warning: \(warning)") }
        let app: FolioApp
        do {
            app = try FolioApp.launch(
                configurationFile: dashboard.configurationFile, options: options, state: state)
        } catch let error as ConfigurationError {
            printError(error.description)
            return 1
        }
        for warning in app.warnings { printError("folio serve: warning: \(warning)") }
        var configuration = HTTPServerConfiguration()
        configuration.host = host
        configuration.port = port
        configuration.accessLog = accessLog
        if let maxConnections { configuration.maxConnections = maxConnections }
        if let maxStreamsPerAddress { configuration.maxStreamsPerAddress = maxStreamsPerAddress }
        if let workers { configuration.workerThreads = workers }
        OpenFileLimit.raiseToHardLimit()
        let server = HTTPServer(configuration: configuration, handler: app)
        let bound: Int
        do {
            bound = try server.start()
        } catch {
            printError("folio serve: cannot listen on \(host):\(port): \(error)")
            app.close()
            return 1
        }
        server.stopOnSignals()
        do {
            try ReloadWatcher.start(app: app, watchingFiles: watchesFiles)
        } catch {
            printError("folio serve: warning: \(error); edits need SIGHUP or a restart")
            _ = try? ReloadWatcher.start(app: app, watchingFiles: false)
        }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        // Written unbuffered: tests and scripts wait for this line to learn the port.
        let line = "Folio is serving http://\(shownHost):\(bound)\(options.basePath)/\n"
        FileHandle.standardOutput.write(Data(line.utf8))
        server.waitUntilStopped()
        // The live bus's connections end with a goodbye to PostgreSQL.
        app.close()
        // Everything that must outlive the process is written by now (each
        // click was committed before it was answered; the access log is
        // flushed), so the process ends with `_exit`, not `exit`. `exit`
        // would run the C libraries' clean-ups (OpenSSL's, libxml2's, GnuTLS's)
        // and free their global state while a thread the shutdown gave up on,
        // or one ending its thread-local state, may still use it: the
        // SIGABRT ("double free") the soak saw once in several runs. With the
        // server and the app still referenced, nothing of Folio's is freed either.
        fflush(nil)
        withExtendedLifetime((server, app)) { () -> Never in _exit(0) }
    }
}
