-- Watch lists and their versions. Public lists (UN, OFAC, ...) are shared by every data segment,
-- each segment choosing which are active for it; a segment's own lists (its black-list, a vendor
-- file it bought) belong to it alone. Entities are stored once per distinct content and referenced
-- by every version that holds them, so a new version of a 20,000-entity list costs only its changes.

create table watch_lists (
  id uuid primary key default gen_random_uuid(),
  key text not null,
  data_segment_id uuid references data_segments (id),
  title text not null,
  format text not null,
  publisher text not null default '',
  status text not null default 'active' check (status in ('active', 'archived')),
  current_version_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index watch_lists_key on watch_lists (key, coalesce(data_segment_id, '00000000-0000-0000-0000-000000000000'::uuid));

create table list_versions (
  id uuid primary key default gen_random_uuid(),
  list_id uuid not null references watch_lists (id),
  version_no integer not null,
  as_of text,
  source text not null check (source in ('starter', 'upload', 'delta', 'edit')),
  file_name text,
  entity_count integer not null,
  content_hash text not null,
  added_count integer not null default 0,
  changed_count integer not null default 0,
  removed_count integer not null default 0,
  imported_by uuid references users (id),
  created_at timestamptz not null default now(),
  unique (list_id, version_no)
);
alter table watch_lists add constraint watch_lists_current_version foreign key (current_version_id) references list_versions (id);

create table screening_entities (
  hash text primary key,
  entity jsonb not null
);

create table list_version_entities (
  version_id uuid not null references list_versions (id) on delete cascade,
  entity_id text not null,
  hash text not null references screening_entities (hash),
  primary key (version_id, entity_id)
);

-- Which shared lists a segment screens against. No row means the default: active.
create table segment_watch_lists (
  data_segment_id uuid not null references data_segments (id),
  list_id uuid not null references watch_lists (id),
  is_active boolean not null,
  primary key (data_segment_id, list_id)
);

-- Vendor reference lists (Dow Jones, World-Check) for the screening-data pages.
create table screening_references (
  list_id uuid not null references watch_lists (id),
  page text not null,
  code text not null,
  name text not null,
  parent_code text,
  record_type text,
  attributes jsonb not null default '{}',
  primary key (list_id, page, code)
);

-- Uploaded list files being imported by the job, with progress and the reason of a refusal.
create table list_imports (
  id uuid primary key default gen_random_uuid(),
  data_segment_id uuid not null references data_segments (id),
  kind text not null check (kind in ('full', 'delta')),
  format text not null,
  file_name text not null,
  list_id uuid references watch_lists (id),
  status text not null default 'queued' check (status in ('queued', 'processing', 'completed', 'failed')),
  percentage integer not null default 0 check (percentage between 0 and 100),
  error_row integer,
  error_reason text,
  warning_count integer not null default 0,
  version_id uuid references list_versions (id),
  created_by uuid references users (id),
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index list_imports_segment on list_imports (data_segment_id, created_at desc);

-- The segment's own black-list (sanad-list), edited entry by entry; every change snapshots a new
-- version of the segment's sanad-list watch list.
create table blacklist_entries (
  id uuid primary key default gen_random_uuid(),
  data_segment_id uuid not null references data_segments (id),
  entity_id text not null,
  status text not null default 'active' check (status in ('active', 'archived')),
  entity jsonb not null,
  reason text not null default '',
  created_by uuid references users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (data_segment_id, entity_id)
);

-- Per-segment thresholds (0-100) per hit type; absent keys take the engine's defaults.
create table screening_settings (
  data_segment_id uuid primary key references data_segments (id),
  thresholds jsonb not null default '{}',
  updated_at timestamptz not null default now()
);
