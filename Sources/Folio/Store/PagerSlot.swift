/// One pager of one session: the row a save writes.
struct PagerSlot: Hashable, Sendable {
    let session: String
    let pager: String

    init(_ session: String, _ pager: String) {
        self.session = session
        self.pager = pager
    }
}
