-- Platform tables: tenants (data segments), staff accounts, roles, sessions, throttling counters,
-- the hash-chained audit trail (which is also the system log, with its GDPR fields), files and
-- their wrapped data keys, and the message outbox.

create table data_segments (
  id uuid primary key default gen_random_uuid(),
  status text not null default 'active' check (status in ('active', 'pending', 'archived')),
  company_name text not null,
  full_name text not null default '',
  title text not null default '',
  ref text not null default '',
  email text not null default '',
  subscription text not null default 'trial'
    check (subscription in ('trial', 'active', 'unpaid', 'cancelled', 'expired')),
  subscription_count integer not null default 0 check (subscription_count >= 0),
  package_details jsonb not null default '{}',
  counter integer not null default 0 check (counter >= 0),
  tier integer not null default 0 check (tier >= 0),
  next_review_years integer not null default 1 check (next_review_years between 0 and 50),
  white_labelling boolean not null default false,
  country text not null default 'PK',
  configurations jsonb not null default '{}',
  display_settings jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table roles (
  id uuid primary key default gen_random_uuid(),
  data_segment_id uuid not null references data_segments (id),
  title text not null,
  status text not null default 'active' check (status in ('active', 'archived')),
  is_system boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index roles_title_per_segment on roles (data_segment_id, lower(title));

create table role_permissions (
  role_id uuid not null references roles (id) on delete cascade,
  permission text not null,
  primary key (role_id, permission)
);

create table users (
  id uuid primary key default gen_random_uuid(),
  first_name text not null,
  last_name text not null,
  email text not null,
  username text not null,
  phone_number text,
  company_name text not null default '',
  ref text not null default '',
  avatar_file_name text,
  role_id uuid references roles (id),
  account_type text not null default 'full' check (account_type in ('full', 'lite')),
  kyb boolean not null default false,
  user_guide boolean not null default false,
  -- The segments this user may see; empty means every segment (001 §4).
  data_segment_ids uuid[] not null default '{}',
  status text not null default 'pending' check (status in ('active', 'pending', 'archived')),
  is_team_member boolean not null default false,
  invited_by uuid references users (id),
  password_hash text,
  password_changed_at timestamptz,
  last_login_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_unique on users (lower(email));
create unique index users_username_unique on users (lower(username));
create index users_data_segment_ids on users using gin (data_segment_ids);

create table sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id),
  data_segment_id uuid references data_segments (id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  absolute_expires_at timestamptz not null,
  revoked_at timestamptz,
  revoke_reason text,
  ip text,
  user_agent text
);
create index sessions_user on sessions (user_id) where revoked_at is null;

-- Fixed-window counters for throttling (failed sign-ins, code sends). One atomic upsert per hit.
create table rate_counters (
  key text primary key,
  window_start timestamptz not null,
  count integer not null
);

-- ALTCHA challenges already redeemed: a captcha solution is accepted once.
create table captcha_uses (
  challenge_id text primary key,
  used_at timestamptz not null default now()
);

-- Append-only audit trail. Each row carries the hash of the previous row of its chain (one chain
-- per data segment, 'global' for none), so an edited or deleted row breaks every later hash.
-- The trigger below refuses updates and deletes; the chain detects what bypasses it.
create table audit_log (
  id bigint generated always as identity primary key,
  chain text not null,
  seq bigint not null,
  created_at timestamptz not null,
  data_segment_id uuid,
  actor_id uuid,
  actor_name text not null default '',
  module text not null,
  action text not null,
  entity_type text,
  entity_id text,
  summary text not null default '',
  details jsonb not null default '{}',
  ip text,
  request_id text,
  purpose_of_processing text not null default '',
  legal_basis_for_processing text not null default '',
  categories_of_data_involved text[] not null default '{}',
  recipients text[] not null default '{}',
  retention_period text not null default '',
  location_of_processing text not null default '',
  security_measures text not null default '',
  prev_hash text not null,
  hash text not null,
  unique (chain, seq)
);
create index audit_log_segment_time on audit_log (data_segment_id, created_at);
create index audit_log_time on audit_log (created_at);

create function audit_log_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only';
end
$$;
create trigger audit_log_no_change before update or delete on audit_log
  for each row execute function audit_log_append_only();
create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function audit_log_append_only();

-- The newest row of each chain, so that deleting the last rows is detected too. Appends lock
-- the chain's head row, which also serialises writers of one chain without a global lock.
create table audit_heads (
  chain text primary key,
  seq bigint not null,
  hash text not null
);

-- Data keys, one per data segment ('global' for files outside any segment), wrapped by the master key.
create table data_keys (
  key_id text primary key,
  wrapped_key text not null,
  created_at timestamptz not null default now()
);

create table files (
  id uuid primary key default gen_random_uuid(),
  file_name text not null unique,
  original_name text not null,
  content_type text not null,
  size_bytes integer not null check (size_bytes >= 0),
  folder text not null,
  data_segment_id uuid references data_segments (id),
  key_id text not null references data_keys (key_id),
  created_by uuid references users (id),
  created_at timestamptz not null default now()
);

create table outbox (
  id uuid primary key default gen_random_uuid(),
  data_segment_id uuid references data_segments (id),
  channel text not null check (channel in ('email', 'sms')),
  recipient text not null,
  subject text not null default '',
  body_text text not null,
  body_html text,
  -- Bodies holding one-time codes or links are blanked once delivered.
  is_sensitive boolean not null default false,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index outbox_pending on outbox (next_attempt_at) where status = 'pending';
