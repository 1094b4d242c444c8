import FolioTemplate

/// What a tile has to show: its data's root (the page's data, or its own),
/// or why it has none.
enum TileData: Sendable {
    /// The data the tile's `path` is read in.
    case loaded(TemplateValue)
    /// The tile's own source is loading for the first time.
    case loading
    /// The source failed (the page's, for a tile reading the page's data);
    /// the details go to the log, never to the page.
    case failed
}

/// A tile's value, or the reader's words for why there is none.
enum TileProblem: Error, Sendable {
    case loading
    case sourceFailed
    case nothingAt(String)
    case notNumber(String)
    case notList(String)
    case notChartData(String)

    func words(_ words: TileWords) -> String {
        switch self {
        case .loading: words.loading
        case .sourceFailed: words.sourceFailed
        case .nothingAt(let path): words.nothingAt(path)
        case .notNumber(let path): words.notNumber(path)
        case .notList(let path): words.notList(path)
        case .notChartData(let path): words.notChartData(path)
        }
    }
}

extension TileData {
    /// The value at `path` (the whole data for nil), or why not.
    func value(at path: String?) -> Result<TemplateValue, TileProblem> {
        switch self {
        case .loading: return .failure(.loading)
        case .failed: return .failure(.sourceFailed)
        case .loaded(let root):
            guard let path else { return .success(root) }
            guard let value = TilePath(path)?.value(in: root), value != .null else {
                return .failure(.nothingAt(path))
            }
            return .success(value)
        }
    }

    func number(at path: String) -> Result<Double, TileProblem> {
        value(at: path).flatMap { value in
            guard case .number(let number) = value else { return .failure(.notNumber(path)) }
            return .success(number)
        }
    }

    func list(at path: String?) -> Result<[TemplateValue], TileProblem> {
        value(at: path).flatMap { value in
            guard case .array(let items) = value else { return .failure(.notList(path ?? "")) }
            return .success(items)
        }
    }
}
