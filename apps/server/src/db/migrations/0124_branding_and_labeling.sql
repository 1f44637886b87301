-- Branding is the installation's own: one row of colours and logos for every data segment (it was
-- read from the first segment's display_settings, which it starts from). What a segment's customers
-- see in the provider's place (name, client logo, support contacts) is that segment's labeling.

create table branding (
  id uuid primary key default gen_random_uuid(),
  -- Exactly one row: the unique index on a constant refuses a second.
  is_singleton boolean not null default true check (is_singleton),
  display_settings jsonb not null default '{}',
  version integer not null default 0,
  updated_by uuid references users (id),
  updated_by_name text not null default '',
  updated_at timestamptz
);
create unique index branding_single_row on branding (is_singleton);

insert into branding (display_settings)
select coalesce(
  (select display_settings - 'clientLogo' from data_segments order by created_at, id limit 1),
  '{}'::jsonb
);

create table data_segment_labels (
  data_segment_id uuid primary key references data_segments (id),
  display_name text not null default '',
  client_logo_file_name text,
  support_email text not null default '',
  support_phone text not null default '',
  version integer not null default 1,
  updated_by uuid references users (id),
  updated_by_name text not null default '',
  updated_at timestamptz not null default now()
);

-- A client logo set on a segment before becomes its labeling's logo.
insert into data_segment_labels (data_segment_id, client_logo_file_name)
select id, display_settings -> 'clientLogo' ->> 'fileName'
from data_segments
where coalesce(display_settings -> 'clientLogo' ->> 'fileName', '') <> '';
