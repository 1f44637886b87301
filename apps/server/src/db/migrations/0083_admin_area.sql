-- How an account came to be, so the user lists say who invited it, or that it was created at setup,
-- by sign-up or from the command line, instead of leaving the cell to read like a person's name.
alter table users add column origin text check (origin in ('invitation', 'setup', 'sign-up', 'command-line'));
update users set origin = 'invitation' where invited_by is not null;
-- The first account of an installation is the administrator created on first start.
update users set origin = 'setup' where id = (select id from users where invited_by is null order by created_at, id limit 1);
update users u set origin = 'sign-up'
 where u.origin is null and exists (select 1 from data_segments ds where ds.id = any (u.data_segment_ids) and ds.ref = 'signup');

-- Each data segment keeps at most this many megabytes of uploaded files (10 GB unless its operator
-- sets another figure); the sum is read per segment, hence the index.
alter table data_segments add column storage_quota_mb integer not null default 10240 check (storage_quota_mb >= 0);
create index files_segment_size on files (data_segment_id) include (size_bytes);

-- Trials created before each package had a default tier were given none: "0 of 0 onboardings used".
update data_segments set tier = 25 where subscription = 'trial' and tier = 0;

-- Files written while they stream in are sealed in 64 KiB chunks (each with its own tag), so neither
-- writing nor reading one holds the whole file in memory; older files are sealed whole.
alter table files add column encryption text not null default 'whole' check (encryption in ('whole', 'chunked'));
