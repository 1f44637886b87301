-- Customer verification (PR-10 to PR-13): the NADRA and criminal-record checks of each individual
-- customer. The record keeps their current status (customerVerificationStatus, both starting
-- pending); two columns copy it so the verification list filters and sorts from indexes, and every
-- recorded outcome is kept in customer_verification_checks (the register's history).

alter table customers
  add column nadra_status text not null default 'pending'
    check (nadra_status in ('pending', 'verified', 'failed', 'not-required')),
  add column criminal_record_status text not null default 'pending'
    check (criminal_record_status in ('pending', 'verified', 'failed', 'not-required'));

-- Individual customers stored before registration wrote the section (or by tools) get both checks
-- pending on the record; a status already on the record is kept and copied into the columns.
update customers set record = jsonb_set(
    record,
    '{customerVerificationStatus}',
    jsonb_build_object(
      'nadra', coalesce(record #>> '{customerVerificationStatus,nadra}', 'pending'),
      'criminalRecord', coalesce(record #>> '{customerVerificationStatus,criminalRecord}', 'pending')
    )
  )
where type = 'individual'
  and (record #>> '{customerVerificationStatus,nadra}' is null or record #>> '{customerVerificationStatus,criminalRecord}' is null);

update customers set
  nadra_status = record #>> '{customerVerificationStatus,nadra}',
  criminal_record_status = record #>> '{customerVerificationStatus,criminalRecord}'
where type = 'individual'
  and record #>> '{customerVerificationStatus,nadra}' in ('pending', 'verified', 'failed', 'not-required')
  and record #>> '{customerVerificationStatus,criminalRecord}' in ('pending', 'verified', 'failed', 'not-required');

-- The list's status filters beside the newest-first order.
create index customers_segment_nadra on customers (data_segment_id, nadra_status, created_at desc) where type = 'individual';
create index customers_segment_criminal_record on customers (data_segment_id, criminal_record_status, created_at desc) where type = 'individual';

-- One row per recorded outcome, never rewritten. source is 'manual' for an officer's entry, or the
-- id of a verification provider adapter (docs/decisions/customer-verification.md).
create table customer_verification_checks (
  id uuid primary key default gen_random_uuid(),
  data_segment_id uuid not null references data_segments (id),
  customer_id uuid not null references customers (id),
  check_type text not null check (check_type in ('nadra', 'criminalRecord')),
  status text not null check (status in ('verified', 'failed', 'not-required')),
  previous_status text not null check (previous_status in ('pending', 'verified', 'failed', 'not-required')),
  note text not null,
  reference text not null default '',
  evidence_file_name text,
  evidence_original_name text,
  source text not null default 'manual',
  recorded_by uuid references users (id),
  recorded_by_name text not null default '',
  created_at timestamptz not null default now()
);

create index customer_verification_checks_customer on customer_verification_checks (customer_id, created_at desc);
