"""The table server (issue 15): people at one table together, every chip in a ledger.

It needs the `server` extra: `pip install croupier[server]`.

- `schema`: the database's tables: accounts and transfers, people, tables, their steps and
  what is said at them;
- `ledger`: opening accounts and moving chips;
- `database`: opening a database (SQLite or PostgreSQL), and `migrate` to bring one to the
  newest schema;
- `audit`: checking every invariant of a ledger;
- `people`: registering people (each with a ledger account and a starting grant),
  logging them in, changing a password;
- `sessions`: the sessions the server keeps, that logging out ends everywhere;
- `door`: how often a name or an address may try to log in, register or connect;
- `forwarded`: who a request comes from, behind the reverse proxies the server is told of;
- `cross_site`: no change asked by another site's page: every POST JSON, from the server's
  own pages or from a program;
- `book`: a table's state and what each of its steps moves in the ledger;
- `shoes`: a table's provably fair shoes: the seeds, the parts, the chain it signs;
- `tables`: opening tables, committing their steps, rebuilding them from what was committed;
- `committer`: the batches of all a process's tables committed together, in one transaction;
- `protocol`: the messages each connection is sent, built for its seat;
- `telling`: each step and view encoded once per audience (the seat that watches);
- `connections`: what passes between a table and its connections: a connection's outbox,
  an action asked for, a part of the shuffle given;
- `judging`: what a table refuses of a request before the rules are asked;
- `seeing`: the view message a connection is shown of a table;
- `runner`: one table's task, which takes its steps one at a time;
- `plans`: what the people seated have asked of the table: to get up at the next moment
  the rules allow, to sit out;
- `chat`: what people say at a table, stored before it is told;
- `lobby`: the tables a server process runs;
- `words`: each step told in the games' own words, for a page;
- `odds`, `history`, `readings`: a table's exact odds for a seat, its hand history, and the
  routes that give them, each made once and kept (a table's stake limits are its rule
  set's, `croupier.engine.rule_options.stakes`);
- `shelf`: what is made once and kept, shared by all who ask for it at once;
- `collector`: Python's garbage collector tuned for a process that serves many tables;
- `frames`: what a client sends, read and checked: a request's body, a socket's messages;
- `speaking`: each request and socket answered in its language;
- `sockets`: a table's socket once it is let in: read, answered, slowed, closed;
- `app`: the ASGI application (`croupier serve` runs it): the API's routes and the
  sockets' door, with the pages in `web/`.

docs/ledger.md says what each invariant is and where it is enforced; docs/protocol.md
describes every route and message.
"""

__all__ = [
    "app",
    "audit",
    "book",
    "chat",
    "collector",
    "committer",
    "connections",
    "cross_site",
    "database",
    "door",
    "forwarded",
    "frames",
    "history",
    "judging",
    "ledger",
    "lobby",
    "odds",
    "people",
    "plans",
    "protocol",
    "readings",
    "runner",
    "schema",
    "seeing",
    "sessions",
    "shelf",
    "shoes",
    "sockets",
    "speaking",
    "tables",
    "telling",
    "words",
]
