-- Notifications, contact-us messages and the user-guide files.

-- One row per recipient. A notification is unread until read_at is set (001 §4). Rows are
-- written by the service that handles the event, in the event's own transaction.
create table notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  data_segment_id uuid references data_segments (id),
  title text not null,
  description text not null default '',
  -- 'external' means the description is a link (001 §3); other values choose nothing but the look.
  category text not null default 'general',
  icon text not null default 'info',
  read_at timestamptz,
  created_at timestamptz not null default now()
);
create index notifications_user_time on notifications (user_id, created_at desc, id desc);
create index notifications_user_unread on notifications (user_id) where read_at is null;

-- Messages sent through the public contact form (POST users/support); also e-mailed to support.
create table support_requests (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text not null,
  subject text not null,
  message text not null,
  ip text,
  created_at timestamptz not null default now()
);

-- Which stored file plays each part of the user guide. A row without a data segment is the
-- installation-wide default; a segment's own row wins over it for that segment's users.
create table user_guide_assets (
  id uuid primary key default gen_random_uuid(),
  data_segment_id uuid references data_segments (id),
  edition text not null check (edition in ('standard', 'lite')),
  asset text not null check (asset ~ '^(video-[1-9]|thumbnail-[1-9]|manual)$'),
  file_name text not null references files (file_name),
  updated_by uuid references users (id),
  updated_at timestamptz not null default now()
);
create unique index user_guide_assets_slot
  on user_guide_assets (coalesce(data_segment_id, '00000000-0000-0000-0000-000000000000'::uuid), edition, asset);
