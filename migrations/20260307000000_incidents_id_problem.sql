-- `problem_id`, `created_at` of an incident by id without reading its row: `problem_id` was
-- added after `analysis_json`, so reading it from the table walks the JSON's overflow pages
-- (a search with `status:` over 10,000 matches took ~400 ms that way, ~30 ms through this).
CREATE INDEX incidents_id_problem ON incidents(id, problem_id, created_at);
