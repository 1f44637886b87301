-- API logs (docs/decisions/api-logs.md): one row per call to the public API and per webhook delivery
-- attempt, scoped to the data segment of the key or webhook. The response body is kept redacted
-- (no document numbers, images, secrets or codes) and cut short; rows older than the configured
-- retention are deleted by a daily job. Ids are sequential so an export walks them in order.
create table api_logs (
  id bigint generated always as identity primary key,
  data_segment_id uuid not null references data_segments (id),
  kind text not null check (kind in ('api', 'webhook')),
  method text not null,
  endpoint text not null,
  -- null when no HTTP answer came (a webhook receiver that timed out or was refused by the guard).
  status integer,
  -- The caller: the application access entry and its key for an API call, the webhook for a delivery.
  application_access_id uuid references application_access (id),
  api_key_id uuid references api_keys (id),
  webhook_id uuid references webhook_endpoints (id),
  actor_name text not null default '',
  -- The request id of an API call (its X-Request-Id), the webhook-id of a delivery.
  session_id text not null default '',
  duration_ms integer,
  response_body text,
  error text,
  created_at timestamptz not null default now()
);
create index api_logs_by_segment on api_logs (data_segment_id, created_at desc);
create index api_logs_by_key on api_logs (api_key_id, created_at desc) where api_key_id is not null;
create index api_logs_by_age on api_logs (created_at);

-- Exports of the API logs, run as jobs exactly like system_log_exports (0012, 0080).
create table api_log_exports (
  id uuid primary key default gen_random_uuid(),
  data_segment_id uuid not null references data_segments (id),
  requested_by uuid not null references users (id),
  requested_by_name text not null default '',
  filters jsonb not null default '{}',
  status text not null default 'pending' check (status in ('pending', 'running', 'completed', 'cancelled', 'failed')),
  file_name text,
  entries integer,
  error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index api_log_exports_requester on api_log_exports (requested_by, created_at desc);

-- Idempotency keys of public API creates: the first request with a key records the hash of its body
-- and, once done, the answer; a repeat with the same body gets that answer again, a different body is
-- refused. Keys are kept for 24 hours (docs/decisions/public-api.md).
create table api_idempotency_keys (
  application_access_id uuid not null references application_access (id),
  idempotency_key text not null,
  operation text not null,
  request_hash text not null,
  response_status integer,
  response_body jsonb,
  created_at timestamptz not null default now(),
  primary key (application_access_id, idempotency_key)
);
create index api_idempotency_keys_by_age on api_idempotency_keys (created_at);
