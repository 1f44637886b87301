-- API-log entries of calls refused for their key (missing, malformed or unknown): such a call names no
-- holder, so its entry belongs to no data segment. Only users who see every segment read them; the
-- capture keeps a per-address and a global budget so a flood cannot grow the table without bound
-- (docs/decisions/api-logs.md). Every other entry still names its segment.
alter table api_logs alter column data_segment_id drop not null;
alter table api_logs add constraint api_logs_unattributed_are_refused_calls
  check (data_segment_id is not null or (kind = 'api' and application_access_id is null and api_key_id is null));
create index api_logs_unattributed on api_logs (created_at desc) where data_segment_id is null;
