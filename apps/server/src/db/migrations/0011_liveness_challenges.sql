-- A liveness challenge is chosen by the server, shown to the customer, and answered once by the
-- recorded video; binding it to who asked for it stops one person's video answering another's challenge.
create table liveness_challenges (
  id uuid primary key default gen_random_uuid(),
  data_segment_id uuid not null references data_segments (id),
  challenge text not null,
  user_id uuid references users (id),
  onboarding_link_id uuid references onboarding_links (id),
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
