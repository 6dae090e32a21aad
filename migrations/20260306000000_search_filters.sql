-- Search filters that go without words (`phase:decode`, `arch:sm_120`, `framework:sglang`) list
-- and count incidents through these indexes instead of scanning the table. `error_class` has
-- `incidents_class` (20260304000000_api.sql) and `created_at` has `incidents_created_at`
-- (20260303000000_search.sql).
CREATE INDEX incidents_phase ON incidents(phase, id);
CREATE INDEX incidents_sm_arch ON incidents(sm_arch, id);
CREATE INDEX incidents_framework ON incidents(framework, id);
