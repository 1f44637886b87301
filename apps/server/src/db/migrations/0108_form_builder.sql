-- The form builder (/configuration/form-builder): per data segment and page (setup-profile,
-- account-info, additional-info, register-setup-profile) one working draft, saved freely, and the
-- published versions, written once and never rewritten. A journey pins the version it started on
-- (form_submissions), so publishing a new version never changes a form a customer is filling in.

create table form_drafts (
  data_segment_id uuid not null references data_segments (id),
  page text not null check (page in ('setup-profile', 'account-info', 'additional-info', 'register-setup-profile')),
  definition jsonb not null,
  -- Counts the saves; a save or publish quoting an older revision is refused, so two administrators
  -- cannot overwrite each other's change unseen.
  revision integer not null default 1,
  updated_by uuid references users (id),
  updated_by_name text not null default '',
  updated_at timestamptz not null default now(),
  primary key (data_segment_id, page)
);

create table form_versions (
  id uuid primary key default gen_random_uuid(),
  data_segment_id uuid not null references data_segments (id),
  page text not null check (page in ('setup-profile', 'account-info', 'additional-info', 'register-setup-profile')),
  version integer not null check (version > 0),
  definition jsonb not null,
  published_by uuid references users (id),
  published_by_name text not null default '',
  published_at timestamptz not null default now(),
  -- The version a restore republished, else null.
  restored_from integer,
  unique (data_segment_id, page, version)
);

create function form_versions_immutable() returns trigger language plpgsql as $$
begin
  raise exception 'form_versions rows are never rewritten; publish a new version instead';
end
$$;
create trigger form_versions_no_update before update on form_versions
  for each row execute function form_versions_immutable();

-- One journey's answers to one page, checked against the version it started on.
create table form_submissions (
  id uuid primary key default gen_random_uuid(),
  data_segment_id uuid not null references data_segments (id),
  form_version_id uuid not null references form_versions (id),
  answers jsonb not null default '{}',
  started_by uuid references users (id),
  link_id uuid,
  created_at timestamptz not null default now(),
  submitted_at timestamptz
);
create index form_submissions_segment on form_submissions (data_segment_id, created_at);
