/// Drives page objects from a ``PagerState``: the parent controller of the
/// seeds, built from a ``PagerDataSource`` and reporting to a ``PagerDelegate``.
///
/// It feeds events to its state and delivers each returned effect to the
/// page object it names, in order, and `pageDidShow` to the delegate. It is
/// not `Sendable`: use it from one thread or actor, like the UIKit original.
public final class PagerController {
    /// The pager's state; changes only through this controller's methods.
    public private(set) var state: PagerState
    /// The title-bar layout the data source asked for: `fixed` with its
    /// single title width, else `equal`.
    public let layout: TitleBarLayout
    /// Hears `pageDidShow`; held weakly.
    public weak var delegate: (any PagerDelegate)?
    private var pagesByKey: [String: any PageLifecycle]

    /// Reads the data source once and adds its pages as children, telling
    /// each `willMove(toParent: true)` then `didMove(toParent: true)`, in
    /// order. Nothing is loaded until ``PagerEvent/appeared``.
    /// - Parameters:
    ///   - dataSource: Titles, page objects, optional keys and single title width.
    ///   - delegate: Hears `pageDidShow`; default none.
    ///   - selectedIndex, cacheLimit, transition: As for ``PagerState/init(pages:selectedIndex:cacheLimit:transition:)``.
    /// - Throws: ``PagerError/dataSourceMismatch(titles:pages:)``,
    ///   ``PagerError/dataSourceKeyMismatch(titles:keys:)``, and whatever the state's initializer throws.
    public init(
        dataSource: some PagerDataSource, delegate: (any PagerDelegate)? = nil, selectedIndex: Int = 0,
        cacheLimit: Int? = nil, transition: Transition = .slide
    ) throws(PagerError) {
        let titles = dataSource.titles
        let objects = dataSource.pages
        let keys = dataSource.keys
        guard objects.count == titles.count else {
            throw .dataSourceMismatch(titles: titles.count, pages: objects.count)
        }
        guard keys.count == titles.count else {
            throw .dataSourceKeyMismatch(titles: titles.count, keys: keys.count)
        }
        let pages = zip(keys, titles).map { Page(key: $0, title: $1) }
        state = try PagerState(
            pages: pages, selectedIndex: selectedIndex, cacheLimit: cacheLimit, transition: transition)
        layout = dataSource.singleTitleWidth.map { .fixed(width: $0) } ?? .equal
        pagesByKey = Dictionary(uniqueKeysWithValues: zip(keys, objects))
        self.delegate = delegate
        for object in objects {
            object.willMove(toParent: true)
            object.didMove(toParent: true)
        }
    }

    /// The page object with this key, or `nil`.
    public func page(forKey key: String) -> (any PageLifecycle)? { pagesByKey[key] }

    /// Applies an event and delivers its effects; see ``PagerState/send(_:)``.
    /// A ``PagerEvent/pageAdded(_:at:)`` sent here has no page object to
    /// deliver to: use ``insert(_:key:title:at:)``.
    /// - Returns: The effects delivered, in order.
    /// - Throws: What ``PagerState/send(_:)`` throws; then nothing is delivered or changed.
    @discardableResult
    public func send(_ event: PagerEvent) throws(PagerError) -> [PagerEffect] {
        let effects = try state.send(event)
        deliver(effects)
        return effects
    }

    /// Selects a page and brings the pager to rest on it; see ``PagerState/select(index:)``.
    /// - Throws: ``PagerError/indexOutOfRange(index:count:)``; then nothing changes.
    @discardableResult
    public func select(index: Int) throws(PagerError) -> [PagerEffect] {
        let effects = try state.select(index: index)
        deliver(effects)
        return effects
    }

    /// Like ``select(index:)``, naming the page by key.
    /// - Throws: ``PagerError/unknownKey(_:)``; then nothing changes.
    @discardableResult
    public func select(key: String) throws(PagerError) -> [PagerEffect] {
        let effects = try state.select(key: key)
        deliver(effects)
        return effects
    }

    /// Inserts a page object at `index` (`0...count`); it loads when first shown.
    /// - Throws: ``PagerError/duplicateKey(_:)``, ``PagerError/emptyKey``,
    ///   ``PagerError/insertionIndexOutOfRange(index:count:)``; then nothing changes.
    @discardableResult
    public func insert(_ page: any PageLifecycle, key: String, title: String, at index: Int)
        throws(PagerError)
        -> [PagerEffect]
    {
        let effects = try state.send(.pageAdded(Page(key: key, title: title), at: index))
        pagesByKey[key] = page
        deliver(effects)
        return effects
    }

    /// Removes the page with this key after delivering its removal lifecycle
    /// (and, if it was shown, the neighbour's appearance).
    /// - Throws: ``PagerError/unknownKey(_:)``, ``PagerError/cannotRemoveLastPage(_:)``; then nothing changes.
    @discardableResult
    public func removePage(key: String) throws(PagerError) -> [PagerEffect] {
        let effects = try state.send(.pageRemoved(key: key))
        deliver(effects)
        return effects
    }

    /// The title bar's geometry for the current selection, in this pager's layout.
    public func geometry(
        style: TitleStyle, fontSize: Double, viewportWidth: Double?, measurer: some TextMeasuring
    ) -> TitleBarGeometry {
        TitleBar.geometry(
            titles: state.pages.map(\.title), layout: layout, style: style, fontSize: fontSize,
            selectedIndex: state.selectedIndex, viewportWidth: viewportWidth, measurer: measurer)
    }

    private func deliver(_ effects: [PagerEffect]) {
        for effect in effects {
            guard let page = pagesByKey[effect.key] else { continue }
            switch effect {
            case .load: page.load()
            case .unload: page.unload()
            case .willAppear: page.willAppear()
            case .didAppear: page.didAppear()
            case .willDisappear: page.willDisappear()
            case .didDisappear: page.didDisappear()
            case .willMove(_, let toParent): page.willMove(toParent: toParent)
            case .didMove(let key, let toParent):
                page.didMove(toParent: toParent)
                // The page has left: forget it, however its removal was sent.
                if !toParent { pagesByKey[key] = nil }
            case .pageDidShow: delegate?.pageDidShow(page, in: self)
            }
        }
    }
}
