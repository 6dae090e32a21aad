-- Secrets redaction (issue 7): uploads are redacted before they are hashed and stored
-- (crashdex_core::redact); the number of secrets replaced in a raw log is kept so that the
-- incident page and the API can say "3 secrets redacted".
ALTER TABLE raw_logs ADD COLUMN redactions INTEGER NOT NULL DEFAULT 0;
