-- Public onboarding links: what an end customer uses, without signing in, to upload documents,
-- record the liveness video and fill in their details. Each carries 256 random bits, stored only as
-- an HMAC, bound to one data segment, and expiring.
create table onboarding_links (
  id uuid primary key default gen_random_uuid(),
  data_segment_id uuid not null references data_segments (id),
  token_hash text not null unique,
  purpose text not null check (purpose in ('deep-register', 'dynamic-register', 'document-upload')),
  recipient_email text,
  recipient_phone text,
  status text not null default 'active' check (status in ('active', 'completed', 'revoked')),
  expires_at timestamptz not null,
  created_by uuid references users (id),
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);
create index onboarding_links_segment on onboarding_links (data_segment_id, created_at desc);

-- Files an end customer uploaded through a link: that link may read them back (previews), nothing else.
alter table files add column onboarding_link_id uuid references onboarding_links (id);
