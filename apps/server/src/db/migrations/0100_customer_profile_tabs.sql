-- The customer's detail tabs: the remembered 'not relevant' decisions of name screening (the good-guy
-- list), who decided each hit and when, and the indexes the activity timeline reads the audit trail by.

-- A hit a reviewer marked 'not relevant' is remembered per customer and listed entity, with a
-- fingerprint of the entity as it was listed when decided: a later screening that finds the same
-- entity unchanged raises no new hit; one that finds it changed raises it again for review.
create table customer_good_guys (
  id uuid primary key default gen_random_uuid(),
  data_segment_id uuid not null references data_segments (id),
  customer_id uuid not null references customers (id),
  list_key text not null,
  entity_id text not null,
  -- sha256 of the listed entity's canonical JSON.
  entity_fingerprint text not null,
  full_name text not null,
  source_list text not null,
  comment text not null,
  decided_by uuid references users (id),
  decided_by_name text not null default '',
  created_at timestamptz not null default now(),
  unique (customer_id, list_key, entity_id)
);

alter table customer_hits
  add column decided_by uuid references users (id),
  add column decided_by_name text not null default '',
  add column decided_at timestamptz;

-- The activity timeline: the audit entries about one customer, newest first, and the entries about
-- another record (an alert) that name the customer in their details.
create index audit_log_customer_entity on audit_log (entity_id, created_at desc) where entity_type = 'customer';
create index audit_log_customer_ref on audit_log ((details ->> 'customerId'), created_at desc) where details ? 'customerId';
