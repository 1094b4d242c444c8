"""A wall-screen configuration for the rotation suites (Tests/Integration
and Tests/Browser): a pager of three pages, one of two, and a playlist of
both, written into a folder of its own."""

import json
import sqlite3


def color_page(key, title, color):
    return {"key": key, "title": title, "template": "content/color.html",
            "data": {"color": color, "heading": title, "order": key, "note": f"The {title} page."}}


def wall_config(playlist_seconds=(2, 2), pager_rotate=None):
    wall = {"key": "wall", "title": "Wall", "lang": "en",
            "pages": [color_page("one", "One", "red"), color_page("two", "Two", "blue"),
                      color_page("three", "Three", "yellow")]}
    if pager_rotate is not None:
        wall["rotate"] = pager_rotate
    other = {"key": "other", "title": "Other", "lang": "en",
             "pages": [color_page("left", "Left", "red"), color_page("right", "Right", "blue")]}
    return {"title": "Wall screens", "lang": "en", "pagers": [wall, other],
            "playlists": {"screens": [{"pager": "wall", "seconds": playlist_seconds[0]},
                                      {"pager": "other", "seconds": playlist_seconds[1]}]}}


def write_config(folder, config):
    path = folder / "folio.json"
    path.write_text(json.dumps(config, indent=2), encoding="utf-8")
    return str(path)


def session_rows(state_file):
    """The sessions a SQLite state file holds."""
    with sqlite3.connect(state_file) as database:
        return database.execute("SELECT COUNT(*) FROM sessions").fetchone()[0]
