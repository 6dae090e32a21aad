-- Problems: incidents with the same fingerprint form a problem. People merge problems that are
-- the same, split a wrongly grouped incident out, and mark a problem resolved (by a finding, or
-- by a note with an author). Every such decision is kept in problem_events.
--
-- How an incident finds its problem:
-- * fingerprint_routes says which problem new incidents of a fingerprint are attached to
--   (`incidents.problem_id`: the problem an incident was attached to, changed only by a split);
-- * `problems.merged_into` is the problem it was merged into (NULL: not merged), and `root_id`
--   the surviving problem at the end of that chain (itself when not merged). Pages group
--   incidents by the root of their problem, so an unmerge restores everything exactly, including
--   incidents that arrived while the merge was in place.

CREATE TABLE problems (
    id                INTEGER PRIMARY KEY,
    -- the fingerprint the problem was created for
    fingerprint       TEXT    NOT NULL,
    signature         TEXT    NOT NULL,
    title             TEXT    NOT NULL,
    created_at        TEXT    NOT NULL,
    -- resolution: a finding id, and/or a short note with its author; resolved_at when resolved
    resolved_finding  TEXT,
    resolution_note   TEXT,
    resolution_author TEXT,
    resolved_at       TEXT,
    merged_into       INTEGER REFERENCES problems(id),
    merged_at         TEXT,
    -- the surviving problem: follows merged_into to its end; equals id when not merged
    root_id           INTEGER NOT NULL
);

CREATE INDEX problems_root ON problems(root_id);
CREATE INDEX problems_merged_into ON problems(merged_into);

-- Where new incidents of a fingerprint go. A split takes a fingerprint over only when the person
-- asks for it ("future incidents go here").
CREATE TABLE fingerprint_routes (
    fingerprint TEXT    PRIMARY KEY,
    problem_id  INTEGER NOT NULL REFERENCES problems(id),
    updated_at  TEXT    NOT NULL
);

-- Audit trail: created, merged, unmerged, split, resolved, reopened.
CREATE TABLE problem_events (
    id                INTEGER PRIMARY KEY,
    problem_id        INTEGER NOT NULL REFERENCES problems(id),
    kind              TEXT    NOT NULL,
    -- merged/unmerged: the other problem; split: the new problem
    other_problem_id  INTEGER REFERENCES problems(id),
    -- split: the incident split out
    incident_id       INTEGER,
    author            TEXT,
    detail            TEXT,
    created_at        TEXT    NOT NULL
);

CREATE INDEX problem_events_problem ON problem_events(problem_id, id);
CREATE INDEX problem_events_other ON problem_events(other_problem_id, id);

ALTER TABLE incidents ADD COLUMN problem_id INTEGER REFERENCES problems(id);

-- Backfill: one problem per fingerprint already stored, titled by its first incident.
INSERT INTO problems (fingerprint, signature, title, created_at, root_id)
SELECT fingerprint, signature, signature, created_at, 0
FROM incidents i
WHERE i.id = (SELECT min(j.id) FROM incidents j WHERE j.fingerprint = i.fingerprint)
ORDER BY i.id;

UPDATE problems SET root_id = id;

INSERT INTO fingerprint_routes (fingerprint, problem_id, updated_at)
SELECT fingerprint, id, created_at FROM problems;

UPDATE incidents
SET problem_id = (SELECT r.problem_id FROM fingerprint_routes r WHERE r.fingerprint = incidents.fingerprint);

INSERT INTO problem_events (problem_id, kind, detail, created_at)
SELECT id, 'created', 'backfilled from existing incidents', created_at FROM problems;

CREATE INDEX incidents_problem ON incidents(problem_id, created_at);
