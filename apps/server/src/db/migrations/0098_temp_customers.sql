-- Temp customers: a customer staff invited through a deep link, before the registration exists.
-- Each is tied to one onboarding link (resending rotates that link's token, so the row, its saved
-- progress and the files uploaded through the link stay together). The draft is the customer's
-- progress, saved at each step so the same link continues on another device.
create table temp_customers (
  id uuid primary key default gen_random_uuid(),
  data_segment_id uuid not null references data_segments (id),
  onboarding_link_id uuid not null unique references onboarding_links (id),
  first_name text not null,
  middle_name text not null default '',
  last_name text not null,
  email text,
  phone_number text,
  channel text not null check (channel in ('email', 'sms')),
  -- The furthest step the customer may open: every step before it was saved and checked.
  reached_step text not null default 'upload-document',
  draft jsonb,
  opened_at timestamptz,
  progressed_at timestamptz,
  completed_at timestamptz,
  customer_id uuid references customers (id),
  sent_count integer not null default 1,
  last_sent_at timestamptz not null default now(),
  created_by uuid references users (id),
  created_by_name text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index temp_customers_segment on temp_customers (data_segment_id, created_at desc);

-- The verdict of a checked liveness video, kept with the challenge it answered: a deep-link
-- registration takes its liveness and face results from here, never from the browser.
alter table liveness_challenges add column video_file text;
alter table liveness_challenges add column verdict jsonb;
