import FolioCore

/// One callback a page object or delegate received, Parchment style:
/// tests compare the whole ordered list.
enum Call: Equatable, CustomStringConvertible {
    case load(String)
    case unload(String)
    case willAppear(String)
    case didAppear(String)
    case willDisappear(String)
    case didDisappear(String)
    case willMove(String, toParent: Bool)
    case didMove(String, toParent: Bool)
    case pageDidShow(String)

    var description: String {
        switch self {
        case .load(let key): "load(\(key))"
        case .unload(let key): "unload(\(key))"
        case .willAppear(let key): "willAppear(\(key))"
        case .didAppear(let key): "didAppear(\(key))"
        case .willDisappear(let key): "willDisappear(\(key))"
        case .didDisappear(let key): "didDisappear(\(key))"
        case .willMove(let key, let toParent): "willMove(\(key), \(toParent))"
        case .didMove(let key, let toParent): "didMove(\(key), \(toParent))"
        case .pageDidShow(let key): "pageDidShow(\(key))"
        }
    }
}

/// The shared, ordered record of every call.
final class CallLog {
    var calls: [Call] = []
}

/// A page object that logs each lifecycle call it receives.
final class RecordingPage: PageLifecycle {
    let name: String
    let log: CallLog

    init(_ name: String, log: CallLog) {
        self.name = name
        self.log = log
    }

    func load() { log.calls.append(.load(name)) }
    func unload() { log.calls.append(.unload(name)) }
    func willAppear() { log.calls.append(.willAppear(name)) }
    func didAppear() { log.calls.append(.didAppear(name)) }
    func willDisappear() { log.calls.append(.willDisappear(name)) }
    func didDisappear() { log.calls.append(.didDisappear(name)) }
    func willMove(toParent: Bool) { log.calls.append(.willMove(name, toParent: toParent)) }
    func didMove(toParent: Bool) { log.calls.append(.didMove(name, toParent: toParent)) }
}

/// A delegate that logs `pageDidShow` with the page object's name.
final class RecordingDelegate: PagerDelegate {
    let log: CallLog

    init(log: CallLog) { self.log = log }

    func pageDidShow(_ page: any PageLifecycle, in pager: PagerController) {
        log.calls.append(.pageDidShow((page as! RecordingPage).name))
    }
}

/// Seed 004's data source: titles, page objects and a single title width.
struct EssenceDataSource: PagerDataSource {
    let log: CallLog
    let pageObjects: [RecordingPage]

    init(log: CallLog) {
        self.log = log
        pageObjects = Essence.keys.map { RecordingPage($0, log: log) }
    }

    var titles: [String] { Essence.titles }
    var pages: [any PageLifecycle] { pageObjects }
    var keys: [String] { Essence.keys }
    var singleTitleWidth: Double? { 72 }
}
