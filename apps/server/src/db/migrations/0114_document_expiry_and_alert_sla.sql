-- Document expiry alerts and the review SLA of alerts (docs/decisions/document-expiry.md and
-- alert-review.md).

-- A fifth alert type: raised by the daily document-expiry job.
alter table alerts drop constraint alerts_type_check;
alter table alerts add constraint alerts_type_check check (type in ('on boarding', 'triggered', 'periodic', 'manual', 'expiry'));

-- When the overdue notification of an open alert was sent; set in the transaction that sends it,
-- so the SLA job tells the reviewers once however often it runs.
alter table alerts add column overdue_notified_at timestamptz;
create index alerts_open_not_notified on alerts (created_at) where state = 'open' and overdue_notified_at is null;

-- The identity document's expiry date (the card's, else the passport's; null for a lifetime
-- document), copied from the record on every write like the other list facts, so the daily job
-- reads an index instead of every record.
alter table customers add column document_expiry_date date;
create index customers_document_expiry on customers (document_expiry_date)
  where document_expiry_date is not null and archived_at is null;

-- Records written before this migration: a text that is not a real day is left out rather than
-- failing the migration.
create function migration_0114_day(value text) returns date language plpgsql as $$
begin
  if value is null or value !~ '^\d{4}-\d{2}-\d{2}$' then return null; end if;
  return value::date;
exception when others then
  return null;
end $$;
update customers
   set document_expiry_date = migration_0114_day(coalesce(nullif(record #>> '{identityInfo,expiryDate}', ''), record #>> '{identityInfo,passport,expiryDate}'))
 where type = 'individual'
   and coalesce(record #>> '{identityInfo,isLifetimeExpiry}', 'false') <> 'true';
drop function migration_0114_day(text);

-- A segment's alert settings (contracts/alert-settings.ts); a segment without a row uses the defaults.
create table alert_settings (
  data_segment_id uuid primary key references data_segments (id),
  settings jsonb not null,
  updated_by uuid references users (id),
  updated_at timestamptz not null default now()
);
