-- Whether an import may refresh a shared copy of a public list: decided when the import is requested,
-- from whether the requester sees every data segment (an installation administrator), so the job
-- does not look the user up again.
alter table list_imports add column may_refresh_shared boolean not null default false;
