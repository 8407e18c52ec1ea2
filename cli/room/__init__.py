"""The card room of ``rules serve``: tables in the browser, people at their own links, bots in
the empty seats, hidden cards kept on the server, every table kept in SQLite (docs/serve.md)."""

#: A table nobody has used for this many days is closed, its record kept (``rules serve
#: --close-idle``; 0: never).  Here, so that the command's options do not import the room.
IDLE_DAYS = 7.0

#: The modes of what the room makes under ``--data`` -- the folder, its store, its lock: its
#: owner's only.  The store holds every table's links and seeds -- any link is a seat, any seed
#: every hand -- so another account on the machine must not read it.  A folder or a file that
#: exists already is left with its modes: the person who made it chose them.  Here, so that
#: the lock (taken before the room is loaded) and the store share them.
PRIVATE_FOLDER = 0o700
PRIVATE_FILE = 0o600
