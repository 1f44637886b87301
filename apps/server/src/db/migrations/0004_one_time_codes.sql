-- One-time codes for the Two-Factor Authentication dialog (000 §4, §5, §7; 001 §4). Neither the code
-- nor the token that identifies its request is stored: only HMACs keyed by the server secret, so a
-- copy of the database does not allow the 10^6 codes to be tried offline.
create table one_time_codes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  data_segment_id uuid references data_segments (id) on delete set null,
  purpose text not null check (purpose in ('update-profile', 'change-password', 'verify-number')),
  channel text not null check (channel in ('email', 'sms')),
  -- HMAC of the normalised destination, so number verification can check the number it was sent to.
  recipient_hash text not null,
  token_hash text not null unique,
  code_hash text not null,
  -- Counted by one conditional UPDATE, which never lets it pass 5 (OTP_MAX_ATTEMPTS).
  attempts integer not null default 0 check (attempts between 0 and 5),
  expires_at timestamptz not null,
  consumed_at timestamptz,
  superseded_at timestamptz,
  created_at timestamptz not null default now()
);

-- A new code supersedes the old one: at most one code per user is ever open.
create unique index one_time_codes_one_open_per_user on one_time_codes (user_id)
  where consumed_at is null and superseded_at is null;
