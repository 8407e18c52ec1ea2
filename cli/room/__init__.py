"""The card room of ``rules serve``: tables in the browser, people at their own links, bots in
the empty seats, hidden cards kept on the server, every table kept in SQLite (docs/serve.md)."""

#: A table nobody has used for this many days is closed, its record kept (``rules serve
#: --close-idle``; 0: never).  Here, so that the command's options do not import the room.
IDLE_DAYS = 7.0
