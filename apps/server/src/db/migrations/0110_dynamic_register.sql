-- The public dynamic register (/:dataSegmentId/:token?/dynamic-register/:source?): one journey per
-- registration link. The journey pins the published setup-profile and account-info versions it
-- started on, so a form published meanwhile never changes the questions a customer is answering;
-- the answers are checked against those versions when saved and again when the journey completes.

create table dynamic_register_journeys (
  id uuid primary key default gen_random_uuid(),
  data_segment_id uuid not null references data_segments (id),
  link_id uuid not null unique references onboarding_links (id),
  -- The campaign or branch named in the address (the optional :source), kept on the customer.
  campaign text,
  setup_profile_version_id uuid not null references form_versions (id),
  account_info_version_id uuid not null references form_versions (id),
  reached_step text not null default 'upload-document',
  -- { "setup-profile": {...}, "account-info": {...} }: the answers as the customer gave them.
  answers jsonb not null default '{}',
  -- The documents of the upload and video steps (documentInfo, identityInfo.cardType).
  documents jsonb not null default '{}',
  -- The browser's own state of the wizard, so the link continues on another device.
  draft jsonb,
  customer_id uuid references customers (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  completed_at timestamptz
);
create index dynamic_register_journeys_segment on dynamic_register_journeys (data_segment_id, created_at);

-- The campaign or branch a dynamic registration came through; the customer list filters by it.
alter table customers add column campaign text;
create index customers_campaign on customers (data_segment_id, campaign) where campaign is not null;
