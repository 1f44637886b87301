-- The onboarding configuration of each data segment (the on-boarding-configuration screen, saved by
-- PUT configurations/ocr/{_id}): the registration-wide settings the journeys read. One row per
-- segment, seeded with the documented defaults when the segment is provisioned and, for segments
-- that existed before, at start-up; a read never writes. `settings` holds the whole form as the
-- contract describes it, so a new setting needs no migration; `version` counts the saves and is
-- what a save must quote, so two administrators cannot overwrite each other's change unseen.
create table onboarding_configurations (
  data_segment_id uuid primary key references data_segments (id),
  settings jsonb not null,
  version integer not null default 1,
  updated_by uuid references users (id),
  updated_by_name text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- The document status tags of a customer ('Document Matched', 'Documents nearing expiry',
-- 'Documents mismatched'), computed from the record when it is registered or edited.
alter table customers add column document_statuses text[] not null default '{}';
