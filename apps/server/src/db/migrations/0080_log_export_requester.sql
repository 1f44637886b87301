-- The requester's name is kept on the export when it is asked for, so the job that completes it can
-- name the actor of its audit entry without reading the accounts of another module.
alter table system_log_exports add column requested_by_name text not null default '';
update system_log_exports e set requested_by_name = trim(u.first_name || ' ' || u.last_name) from users u where u.id = e.requested_by;
