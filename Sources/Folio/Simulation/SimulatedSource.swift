import FolioTemplate
import Foundation

/// A data source shipped with Folio that makes its data up, changing by
/// itself over time with no network: named in a page's configuration as
/// `"simulate": "ops"`, for demos, screenshots and trying widgets out.
///
/// Its data is a pure function of the clock: two instances, or two views
/// at the same second, see the same numbers.
public enum SimulatedSource: String, Sendable, CaseIterable {
    /// An operations dashboard: three services' health, traffic, errors,
    /// deploys, disk space, alerts and an hour of per-minute series
    /// (see `OpsSimulation`).
    case ops

    /// The data as of `now` (seconds since 1970).
    public func data(at now: Double) -> TemplateValue {
        switch self {
        case .ops: OpsSimulation(now: now).value
        }
    }

    /// A page source computing the data afresh every `cacheSeconds`
    /// (a live page's `refreshSeconds`) from `now`, the wall clock unless a
    /// test gives its own.
    public func source(
        cacheSeconds: Double,
        now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }
    ) -> PageSource {
        .provider(cacheSeconds: cacheSeconds, timeoutSeconds: 5) { data(at: now()) }
    }
}
