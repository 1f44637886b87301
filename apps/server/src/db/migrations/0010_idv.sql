-- Identity verification settings per data segment (the IDV configuration screen).
create table idv_settings (
  data_segment_id uuid primary key references data_segments (id),
  settings jsonb not null,
  updated_by uuid references users (id),
  updated_at timestamptz not null default now()
);
