-- Account primitives shared by invitations, sign-up, password reset and password change.

-- The last passwords of each user, so that none of the last 10 is reused (001 §5, AD-30).
create table password_history (
  id bigint generated always as identity primary key,
  user_id uuid not null references users (id) on delete cascade,
  password_hash text not null,
  created_at timestamptz not null default now()
);
create index password_history_user on password_history (user_id, created_at desc);

-- Single-use tokens mailed as links. Only an HMAC of the token is stored; redeeming one marks it
-- used in the same statement that finds it, so it works exactly once.
create table account_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  purpose text not null check (purpose in ('activation', 'team-activation', 'password-reset')),
  token_hash text not null unique,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index account_tokens_user on account_tokens (user_id, purpose) where used_at is null;
