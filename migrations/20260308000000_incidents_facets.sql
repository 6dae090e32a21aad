-- Everything a search filters on or ranks by, readable by id without the row: incident rows
-- carry their analysis JSON (several KB, on overflow pages), so checking `arch:`/`class:`
-- against the table cost a page read per match (`class:X arch:Y` over 18,000 matches of X
-- took ~140 ms that way at 100,000 incidents; ~5 ms through this index). Replaces the
-- narrower incidents_id_problem (id, problem_id, created_at), which it covers.
DROP INDEX IF EXISTS incidents_id_problem;
CREATE INDEX incidents_facets
    ON incidents(id, problem_id, created_at, error_class, phase, sm_arch, framework);
