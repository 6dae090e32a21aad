-- The REST API for bots (issue 6): who sent an incident, multi-file incidents, API tokens and
-- browser sessions.

-- Where an incident came from, as given by the uploader (all optional).
ALTER TABLE incidents ADD COLUMN source TEXT;   -- ci | bot | user
ALTER TABLE incidents ADD COLUMN job    TEXT;
ALTER TABLE incidents ADD COLUMN host   TEXT;
-- JSON array of strings
ALTER TABLE incidents ADD COLUMN labels TEXT;

CREATE INDEX incidents_source ON incidents(source, id);
CREATE INDEX incidents_class ON incidents(error_class, id);

-- The files of an incident uploaded as several logs (one per rank): the incident's raw log is
-- their concatenation, each file behind a `==> name <==` header line; a part is the byte range
-- of one file's original bytes in it, with that file's own analysis summary.
CREATE TABLE incident_parts (
    incident_id      INTEGER NOT NULL REFERENCES incidents(id) ON DELETE CASCADE,
    idx              INTEGER NOT NULL,
    filename         TEXT,
    rank             INTEGER,
    culprit          INTEGER NOT NULL,
    sha256           TEXT    NOT NULL,
    -- the file's bytes in the incident's raw log: [byte_start, byte_start + size)
    byte_start       INTEGER NOT NULL,
    size             INTEGER NOT NULL,
    -- the 1-based line of the raw log where the file's first line is
    line_start       INTEGER NOT NULL,
    crash            INTEGER NOT NULL,
    error_class      TEXT    NOT NULL,
    first_error_line INTEGER,
    first_error_text TEXT,
    PRIMARY KEY (incident_id, idx)
);

-- API tokens: only the SHA-256 (hex) of a token is stored; the token is shown once.
CREATE TABLE api_tokens (
    id           INTEGER PRIMARY KEY,
    name         TEXT    NOT NULL UNIQUE,
    -- write | admin
    scope        TEXT    NOT NULL,
    token_hash   TEXT    NOT NULL UNIQUE,
    created_at   TEXT    NOT NULL,
    last_used_at TEXT,
    revoked_at   TEXT
);

-- Browser sessions opened on /login with a token; only the SHA-256 of the cookie is stored.
CREATE TABLE sessions (
    id_hash    TEXT    PRIMARY KEY,
    token_id   INTEGER NOT NULL REFERENCES api_tokens(id) ON DELETE CASCADE,
    created_at TEXT    NOT NULL,
    expires_at TEXT    NOT NULL
);
