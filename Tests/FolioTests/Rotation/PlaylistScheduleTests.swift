import Testing

@testable import Folio

/// `PlaylistSchedule`: which page a playlist position shows, for how long,
/// and where it goes next.
@Suite struct PlaylistScheduleTests {
    typealias Slot = PlaylistSchedule.Slot
    typealias Position = PlaylistSchedule.Position

    /// Walks `count` stops from the start: (entry, page, seconds) of each.
    func walk(_ schedule: PlaylistSchedule, _ count: Int) -> [[Double]] {
        var position = Position(entry: 0, step: 0)
        var stops: [[Double]] = []
        for _ in 0..<count {
            guard let stop = schedule.stop(at: position) else { break }
            stops.append([Double(stop.position.entry), Double(stop.pageIndex), stop.seconds])
            position = stop.next
        }
        return stops
    }

    @Test func entriesWithoutRotationShowTheirFirstPageForTheirWholeTime() {
        let schedule = PlaylistSchedule(slots: [
            Slot(seconds: 30, pageCount: 3, pageSeconds: nil),
            Slot(seconds: 20, pageCount: 2, pageSeconds: nil),
        ])
        #expect(walk(schedule, 4) == [[0, 0, 30], [1, 0, 20], [0, 0, 30], [1, 0, 20]])
    }

    @Test func aRotatingEntryShowsItsPagesInTurnWithinItsTimeAndCutsTheLastShort() {
        let schedule = PlaylistSchedule(slots: [
            Slot(seconds: 25, pageCount: 2, pageSeconds: 10),
            Slot(seconds: 5, pageCount: 1, pageSeconds: nil),
        ])
        #expect(walk(schedule, 5) == [[0, 0, 10], [0, 1, 10], [0, 0, 5], [1, 0, 5], [0, 0, 10]])
    }

    @Test func anEntryTheViewerMayNotSeeIsSkipped() {
        let schedule = PlaylistSchedule(slots: [
            Slot(seconds: 10, pageCount: 1, pageSeconds: nil),
            Slot(seconds: 10, pageCount: 0, pageSeconds: nil),
            Slot(seconds: 7, pageCount: 2, pageSeconds: nil),
        ])
        #expect(walk(schedule, 3) == [[0, 0, 10], [2, 0, 7], [0, 0, 10]])
        // A URL pointing at the hidden entry shows the next one shown.
        #expect(schedule.stop(at: Position(entry: 1, step: 0))?.position == Position(entry: 2, step: 0))
    }

    @Test func aStepPastTheEntrysTimeMovesOnToTheNextEntry() {
        let schedule = PlaylistSchedule(slots: [
            Slot(seconds: 20, pageCount: 3, pageSeconds: 10),
            Slot(seconds: 5, pageCount: 1, pageSeconds: nil),
        ])
        #expect(schedule.stop(at: Position(entry: 0, step: 2))?.position == Position(entry: 1, step: 0))
    }

    @Test func aPlaylistTheViewerMaySeeNothingOfHasNoStop() {
        let schedule = PlaylistSchedule(slots: [Slot(seconds: 10, pageCount: 0, pageSeconds: nil)])
        #expect(schedule.stop(at: Position(entry: 0, step: 0)) == nil)
        #expect(schedule.stop(at: Position(entry: 3, step: 0)) == nil)
    }
}
