-- Full-text search (SQLite FTS5, bm25 ranking, snippets): one table per kind of result.
-- Tokens: unicode61 without diacritics, Porter-stemmed ("assertion" finds "assert"). User text
-- reaches these tables only as quoted strings (src/search/query.rs).

-- Incidents: rowid = incidents.id. Kept in sync by the triggers below; ingest then replaces
-- key_lines with the text of the analysis' key lines, read from the log (src/ingest.rs).
CREATE VIRTUAL TABLE incidents_fts USING fts5(
    signature,
    first_error,
    -- the verdict sentence, the error class and the phase
    verdict,
    -- the key lines, evidence and warning lines of the log
    key_lines,
    filename,
    -- framework and version, architecture, GPU, driver, CUDA, model
    env,
    tokenize = 'porter unicode61 remove_diacritics 2'
);

-- Findings live in files: the whole table is rewritten from the loaded index at startup and on
-- every reload (search::index_findings).
CREATE VIRTUAL TABLE findings_fts USING fts5(
    finding_id,
    title,
    body,
    -- components, severity, status, conditions, fixed-in versions
    meta,
    tokenize = 'porter unicode61 remove_diacritics 2'
);

-- HOOK(problems): problems (migrations/20260302000000_problems.sql, another change) get a
-- `problems_fts` in a later migration once that table's columns are settled; search already
-- groups results by kind and has an (empty) problems group for it (src/search/mod.rs).

CREATE TRIGGER incidents_fts_insert AFTER INSERT ON incidents BEGIN
    INSERT INTO incidents_fts (rowid, signature, first_error, verdict, key_lines, filename, env)
    VALUES (
        new.id,
        new.signature,
        coalesce(new.first_error_text, ''),
        new.verdict || ' ' || new.error_class || ' ' || new.phase,
        coalesce((
            SELECT group_concat(t, char(10)) FROM (
                SELECT DISTINCT json_extract(e.value, '$.text') AS t
                FROM json_each(new.analysis_json, '$.matches') AS m,
                     json_each(m.value, '$.evidence') AS e
                UNION
                SELECT json_extract(w.value, '$.text')
                FROM json_each(new.analysis_json, '$.warnings') AS w
            )
        ), ''),
        coalesce((SELECT filename FROM raw_logs WHERE id = new.raw_log_id), ''),
        trim(
            coalesce(new.framework, '') || ' ' || coalesce(new.framework_version, '') || ' ' ||
            coalesce(new.sm_arch, '') || ' ' || coalesce(new.gpu_model, '') || ' ' ||
            coalesce(json_extract(new.analysis_json, '$.env.driver_version'), '') || ' ' ||
            coalesce(json_extract(new.analysis_json, '$.env.cuda_version'), '') || ' ' ||
            coalesce(json_extract(new.analysis_json, '$.env.model'), '')
        )
    );
END;

CREATE TRIGGER incidents_fts_update AFTER UPDATE OF signature, first_error_text, verdict,
    error_class, phase, framework, framework_version, sm_arch, gpu_model ON incidents BEGIN
    UPDATE incidents_fts SET
        signature = new.signature,
        first_error = coalesce(new.first_error_text, ''),
        verdict = new.verdict || ' ' || new.error_class || ' ' || new.phase,
        env = trim(
            coalesce(new.framework, '') || ' ' || coalesce(new.framework_version, '') || ' ' ||
            coalesce(new.sm_arch, '') || ' ' || coalesce(new.gpu_model, '') || ' ' ||
            coalesce(json_extract(new.analysis_json, '$.env.driver_version'), '') || ' ' ||
            coalesce(json_extract(new.analysis_json, '$.env.cuda_version'), '') || ' ' ||
            coalesce(json_extract(new.analysis_json, '$.env.model'), '')
        )
    WHERE rowid = new.id;
END;

CREATE TRIGGER incidents_fts_delete AFTER DELETE ON incidents BEGIN
    DELETE FROM incidents_fts WHERE rowid = old.id;
END;

-- Incidents stored before this migration. Their logs are compressed, so key_lines holds the
-- evidence and warning lines of the stored analysis.
INSERT INTO incidents_fts (rowid, signature, first_error, verdict, key_lines, filename, env)
SELECT
    i.id,
    i.signature,
    coalesce(i.first_error_text, ''),
    i.verdict || ' ' || i.error_class || ' ' || i.phase,
    coalesce((
        SELECT group_concat(t, char(10)) FROM (
            SELECT DISTINCT json_extract(e.value, '$.text') AS t
            FROM json_each(i.analysis_json, '$.matches') AS m,
                 json_each(m.value, '$.evidence') AS e
            UNION
            SELECT json_extract(w.value, '$.text')
            FROM json_each(i.analysis_json, '$.warnings') AS w
        )
    ), ''),
    coalesce(r.filename, ''),
    trim(
        coalesce(i.framework, '') || ' ' || coalesce(i.framework_version, '') || ' ' ||
        coalesce(i.sm_arch, '') || ' ' || coalesce(i.gpu_model, '') || ' ' ||
        coalesce(json_extract(i.analysis_json, '$.env.driver_version'), '') || ' ' ||
        coalesce(json_extract(i.analysis_json, '$.env.cuda_version'), '') || ' ' ||
        coalesce(json_extract(i.analysis_json, '$.env.model'), '')
    )
FROM incidents i JOIN raw_logs r ON r.id = i.raw_log_id;

-- `since:` filters on incidents.created_at.
CREATE INDEX incidents_created_at ON incidents(created_at);
