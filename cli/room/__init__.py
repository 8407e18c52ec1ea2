"""The card room of ``rules serve``: tables in the browser, people at their own links, bots in
the empty seats, hidden cards kept on the server, every table kept in SQLite (docs/serve.md)."""
