// Sources/Dashboard/Load.swift
import Folio
import FolioTemplate

/// What the "load" page shows: figures your own code computes.
public struct Load: Encodable, Sendable {
    public var cpu: Double
    public var hosts: [String]
}

/// Stands in for your monitoring code; counts its calls so tests can see the cache.
public actor Monitor {
    public static let shared = Monitor()
    public private(set) var calls = 0

    public func currentLoad() -> Load {
        calls += 1
        return Load(cpu: 0.42, hosts: ["web-1", "web-2"])
    }
}

extension Dashboard {
    /// A page whose data comes from a provider (called once per 30 s however
    /// many views arrive, with the same error panel as a `url` feed), drawn
    /// with this package's own `Templates/content/load.html` in Folio's chrome.
    public static var loadPage: PageConfiguration {
        PageConfiguration(
            key: "load", title: "负载", template: "content/load.html",
            source: .provider(cacheSeconds: 30, timeoutSeconds: 2) {
                try TemplateValue(encoding: await Monitor.shared.currentLoad())  // any Encodable
            })
    }
}
