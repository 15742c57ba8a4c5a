"""The table server (issue 15): people at one table together, every chip in a ledger.

It needs the `server` extra: `pip install croupier[server]`.

- `schema`: the database's tables: accounts and transfers, people, tables, their steps and
  what is said at them;
- `ledger`: opening accounts and moving chips;
- `database`: opening a database (SQLite or PostgreSQL), and `migrate` to bring one to the
  newest schema;
- `audit`: checking every invariant of a ledger; `backup`: a consistent copy of a ledger's
  database, and bringing one back;
- `keys`: the key file, which keeps the signing key and the seeds' secret out of the
  database; `succession`: the house's signing keys in succession, checked at start;
- `people`: registering people (each with a ledger account and a starting grant),
  logging them in, changing a password;
- `sessions`: the sessions the server keeps, that logging out ends everywhere;
- `admin`: what the club's operator does (`croupier admin`), each action in the admin trail;
- `door`: how often a name or an address may try to log in, register or connect;
- `forwarded`: who a request comes from, behind the reverse proxies the server is told of;
  `deploy`: the nginx site in front of a house's processes and the systemd unit that runs
  them (`croupier deploy`);
- `_cross_site`: no change asked by another site's page: every POST JSON, from the server's
  own pages or from a program;
- `_book`: a table's state and what each of its steps moves in the ledger;
- `_shoes`: a table's provably fair shoes: the seeds, the parts, the chain it signs;
- `tables`: opening tables, committing their steps, rebuilding them from what was committed;
- `_committer`: the batches of all a process's tables committed together, in one transaction;
- `_protocol`: the messages each connection is sent, built for its seat;
- `_telling`: each step and view encoded once per audience (the seat that watches);
- `connections`: what passes between a table and its connections: a connection's outbox,
  an action asked for, a part of the shuffle given;
- `_judging`: what a table refuses of a request before the rules are asked;
- `_seeing`: the view message a connection is shown of a table;
- `runner`: one table's task, which takes its steps one at a time;
- `_plans`: what the people seated have asked of the table: to get up at the next moment
  the rules allow, to sit out; `_clocks`: each awaited seat's time limit, then its time bank;
- `_chat`: what people say at a table, stored before it is told;
- `lobby`: the tables a server process runs; `logs`: the log as one JSON object a line
  (`serve --log-format json`); `metrics`: the house's figures for Prometheus (`GET
  /metrics`), shared by the processes of one machine;
- `invites`: who may see a private table (its opener, its guests, whoever brings its
  invite); `_asking`: who asks to sit where the host lets each person sit;
- `hosting`: a table's hosts and their controls (pause, remove, settings, gifts, co-hosts),
  read and stored; `_controls`: a control played at the table once stored;
- `_words`: each step told in the games' own words, for a page;
- `odds`, `history`, `_readings`: a table's exact odds for a seat, its hand history, and the
  routes that give them, each made once and kept (a table's stake limits are its rule
  set's, `croupier.engine.rule_options.stakes`);
- `coups`: a table's coups looked back at, each shown as the one asking may see it now
  (their seat's view while its shoe is in play, everything once it is over), with the value
  of each decision (`croupier.review`);
- `evening`: a table's evening settled from the ledger (each person's chips in and out,
  their net, the fewest payments), and a person's tables with their net at each;
- `_shelf`: what is made once and kept, shared by all who ask for it at once;
- `collector`: Python's garbage collector tuned for a process that serves many tables;
- `_frames`: what a client sends, read and checked: a request's body, a socket's messages;
- `_speaking`: each request and socket answered in its language;
- `_sockets`: a table's socket once it is let in: read, answered, slowed, closed;
- `app`: the ASGI application (`croupier serve` runs it): the API's routes and the
  sockets' door, with the pages in `web/`.

docs/ledger.md says what each invariant is and where it is enforced; docs/protocol.md
describes every route and message.

The modules named with a leading underscore are its implementation, private to the package;
`__all__` names what it offers.
"""

__all__ = [
    "admin",
    "app",
    "audit",
    "backup",
    "collector",
    "connections",
    "coups",
    "database",
    "deploy",
    "door",
    "evening",
    "forwarded",
    "history",
    "hosting",
    "invites",
    "keys",
    "ledger",
    "lobby",
    "logs",
    "metrics",
    "odds",
    "people",
    "runner",
    "schema",
    "sessions",
    "succession",
    "tables",
]
