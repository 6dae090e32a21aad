-- crashdex v0 schema: raw logs (deduplicated by content), one incident per raw log with its
-- stored analysis, and the findings each incident matched.

CREATE TABLE raw_logs (
    id          INTEGER PRIMARY KEY,
    -- SHA-256 (hex) of the log as analysed (after gzip inflation); uploads dedupe on it
    sha256      TEXT    NOT NULL UNIQUE,
    filename    TEXT,
    -- size in bytes of the inflated log
    size        INTEGER NOT NULL,
    -- the inflated log, zstd-compressed
    body        BLOB    NOT NULL,
    received_at TEXT    NOT NULL
);

CREATE TABLE incidents (
    id                INTEGER PRIMARY KEY,
    raw_log_id        INTEGER NOT NULL UNIQUE REFERENCES raw_logs(id) ON DELETE CASCADE,
    created_at        TEXT    NOT NULL,
    crash             INTEGER NOT NULL,
    verdict           TEXT    NOT NULL,
    error_class       TEXT    NOT NULL,
    phase             TEXT    NOT NULL,
    signature         TEXT    NOT NULL,
    fingerprint       TEXT    NOT NULL,
    first_error_line  INTEGER,
    first_error_text  TEXT,
    framework         TEXT,
    framework_version TEXT,
    sm_arch           TEXT,
    gpu_model         TEXT,
    -- the whole analysis (SPEC.md contract) as JSON, so pages never re-parse the log
    analysis_json     TEXT    NOT NULL,
    top_finding       TEXT
);

CREATE INDEX incidents_fingerprint ON incidents(fingerprint);

CREATE TABLE incident_findings (
    incident_id INTEGER NOT NULL REFERENCES incidents(id) ON DELETE CASCADE,
    finding_id  TEXT    NOT NULL,
    score       REAL    NOT NULL,
    PRIMARY KEY (incident_id, finding_id)
);

CREATE INDEX incident_findings_by_finding ON incident_findings(finding_id, incident_id);
