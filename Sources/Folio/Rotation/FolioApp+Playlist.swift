import FolioHTTP

extension FolioApp {
    /// `GET /playlist/{name}?entry=E&step=S`: the playlist's position as the
    /// view of its pager's page, a wall screen's (it keeps nothing), whose
    /// head leads to the next position. Entries whose pager the person may
    /// not see are skipped; a playlist they may see nothing of answers as
    /// one that does not exist.
    func playlistPlan(_ request: HTTPRequest, _ person: Person?, name: String, on site: FolioSite)
        throws(ClientError) -> RoutePlan
    {
        let missing = ClientError.notFound("There is no playlist '\(name)'.")
        guard let playlist = site.configuration.playlists.first(where: { $0.name == name }) else {
            throw missing
        }
        let position = try PlaylistPosition.parse(request.query, entries: playlist.entries.count)
        let shown = playlist.entries.map { try? site.access.visible($0.pager, to: person).get() }
        let slots = zip(playlist.entries, shown).map { entry, pager in
            PlaylistSchedule.Slot(
                seconds: entry.seconds, pageCount: pager?.configuration.pages.count ?? 0,
                pageSeconds: entry.rotate ?? pager?.configuration.rotate)
        }
        guard let stop = PlaylistSchedule(slots: slots).stop(at: position),
            let pager = shown[stop.position.entry]
        else { throw missing }
        let kiosk = request.query["kiosk"] != nil
        let next =
            "\(options.basePath)/playlist/\(name)?entry=\(stop.next.entry)&step=\(stop.next.step)"
            + (kiosk ? "&kiosk" : "")
        let screen = WallScreen(next: WallScreen.Next(seconds: stop.seconds, url: next), kiosk: kiosk)
        let route = Route.playlist(name)
        try Self.checkMethod(request, route)
        let context = try resolve(request, route, pager, person)
        return try site.routes.view.plan(
            context,
            ViewRequest(
                .page, pager, pageKey: pager.configuration.pages[stop.pageIndex].key, request: request,
                basePath: options.basePath, wallScreen: .playlist(screen)))
    }
}
