-- Developer tools: application access entries with their API keys, and webhooks with their
-- signing secrets, events and deliveries (docs/decisions/application-access.md, webhooks.md).

-- An application that calls the public API. Its keys are in api_keys; the entry's status, scopes,
-- expiry and IP allow-list apply to every one of them.
create table application_access (
  id uuid primary key default gen_random_uuid(),
  data_segment_id uuid not null references data_segments (id),
  title text not null,
  bundle_id text not null,
  device text not null check (device in ('server', 'web', 'android', 'ios')),
  status text not null default 'active' check (status in ('active', 'archived')),
  scopes text[] not null,
  ip_allow_list text[] not null default '{}',
  expires_at timestamptz,
  last_used_at timestamptz,
  created_by uuid references users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index application_access_title_per_segment on application_access (data_segment_id, lower(title));

-- One issued key: `code_key` is its public prefix (how a request finds it), `key_hash` the HMAC of
-- the whole key. The key itself is never stored. A rotated-out key gets an `expires_at`.
create table api_keys (
  id uuid primary key default gen_random_uuid(),
  application_access_id uuid not null references application_access (id),
  code_key text not null unique,
  key_hash text not null,
  expires_at timestamptz,
  last_used_at timestamptz,
  created_at timestamptz not null default now()
);
create index api_keys_by_entry on api_keys (application_access_id, created_at desc);

create table webhook_endpoints (
  id uuid primary key default gen_random_uuid(),
  data_segment_id uuid not null references data_segments (id),
  title text not null,
  endpoint_url text not null,
  trigger_point text not null,
  description text not null default '',
  status text not null default 'active' check (status in ('active', 'archived', 'disabled')),
  disabled_reason text,
  -- Set by the first failed attempt after a success; cleared by the next success.
  failing_since timestamptz,
  last_delivery_at timestamptz,
  created_by uuid references users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index webhook_endpoints_title_per_segment on webhook_endpoints (data_segment_id, lower(title));
create index webhook_endpoints_by_trigger on webhook_endpoints (data_segment_id, trigger_point) where status = 'active';

-- Signing secrets, sealed with the master key. Every secret whose expires_at is unset or ahead
-- signs each delivery, so a receiver can switch secrets without missing one.
create table webhook_secrets (
  id uuid primary key default gen_random_uuid(),
  webhook_id uuid not null references webhook_endpoints (id),
  sealed_secret bytea not null,
  hint text not null,
  expires_at timestamptz,
  created_at timestamptz not null default now()
);
create index webhook_secrets_by_webhook on webhook_secrets (webhook_id, created_at desc);

-- One delivery of one event to one endpoint: written in the transaction of the event itself (an
-- outbox), leased by the delivery job. `message_id` is the webhook-id header: the same on every
-- attempt and resend, so a receiver can drop a message it already handled.
create table webhook_deliveries (
  id uuid primary key default gen_random_uuid(),
  webhook_id uuid not null references webhook_endpoints (id),
  data_segment_id uuid not null references data_segments (id),
  message_id text not null,
  event_type text not null,
  payload text not null,
  status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_attempt_at timestamptz,
  response_status integer,
  response_body text,
  error text,
  duration_ms integer,
  created_at timestamptz not null default now(),
  unique (webhook_id, message_id)
);
create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending';
create index webhook_deliveries_log on webhook_deliveries (webhook_id, created_at desc);
