-- Sign-in through national digital identity providers (OpenID Connect).

-- Which person at which provider is which Sanad user. A row is made on the first sign-in whose
-- verified e-mail matches a user (linked_by 'email'), or by an operator (linked_by 'administrator').
-- One identity per user and provider, so a second provider account cannot take over a linked user.
create table identity_links (
  provider_id text not null,
  subject text not null,
  user_id uuid not null references users (id) on delete cascade,
  linked_by text not null check (linked_by in ('email', 'administrator')),
  created_at timestamptz not null default now(),
  primary key (provider_id, subject),
  unique (provider_id, user_id)
);

-- One sign-in attempt from the redirect to the provider until the web app holds a session.
-- State and the handoff code are stored as HMACs and each is used once; browser_hash is the HMAC
-- of a cookie set on the redirect, so a callback or handoff from another browser is refused
-- (login CSRF). The ID token is kept encrypted only until the handoff is redeemed.
create table identity_logins (
  id uuid primary key default gen_random_uuid(),
  provider_id text not null,
  state_hash text not null unique,
  browser_hash text not null,
  nonce text not null,
  code_verifier text not null,
  redirect_to text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  callback_at timestamptz,
  user_id uuid references users (id) on delete cascade,
  sealed_id_token text,
  handoff_hash text unique,
  handoff_expires_at timestamptz,
  redeemed_at timestamptz
);
create index identity_logins_expiry on identity_logins (expires_at);

-- Sessions started through a provider: which one, and the ID token (encrypted) that RP-initiated
-- logout sends back as id_token_hint.
create table session_identity_providers (
  session_id uuid primary key references sessions (id) on delete cascade,
  provider_id text not null,
  sealed_id_token text not null,
  created_at timestamptz not null default now()
);
