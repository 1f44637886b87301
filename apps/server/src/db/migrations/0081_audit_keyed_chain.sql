-- The audit chain is keyed from now on: each entry records how its hash was computed. Entries
-- written before carry plain SHA-256 ('sha256'); new entries an HMAC under a key that never enters
-- the database ('hmac-v1'). Checkpoints written outside the database pin both.
alter table audit_log add column key_id text not null default 'sha256';
alter table audit_log alter column key_id drop default;
