// Adding and removing pages at runtime (seed 002's willMove/didMove), keeping
// the selection on the same page wherever it still exists.
extension PagerState {
    /// `willMove(k, true) didMove(k, true)`; the page is not loaded.
    mutating func addPage(_ page: Page, at index: Int, into effects: inout [PagerEffect]) {
        effects.append(.willMove(page.key, toParent: true))
        pages.insert(page, at: index)
        selection = selection.mapIndices { $0 >= index ? $0 + 1 : $0 }
        effects.append(.didMove(page.key, toParent: true))
    }

    /// Finishes a running transition, moves the selection off the page if it
    /// is selected (full lifecycle to the right neighbour, else the left),
    /// then `willMove(k, false) unload(k)? didMove(k, false)`.
    mutating func removePage(at index: Int, into effects: inout [PagerEffect]) {
        finishTransitionIfNeeded(into: &effects)
        let key = pages[index].key
        if selectedIndex == index {
            let neighbour = index + 1 < pages.count ? index + 1 : index - 1
            selectPage(neighbour, immediately: true, into: &effects)
        }
        effects.append(.willMove(key, toParent: false))
        unloadIfNeeded(key, into: &effects)
        pages.remove(at: index)
        selection = selection.mapIndices { $0 > index ? $0 - 1 : $0 }
        effects.append(.didMove(key, toParent: false))
    }
}
