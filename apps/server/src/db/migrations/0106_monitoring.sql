-- Ongoing monitoring: customers re-screened when a list version lands, and periodic reviews.

-- One re-screening per stored list version: which customers of the affected segments are done,
-- so a run killed half-way continues after the last finished batch instead of starting again.
create table monitoring_runs (
  id uuid primary key default gen_random_uuid(),
  list_id uuid not null references watch_lists (id),
  version_id uuid not null unique references list_versions (id),
  -- The version the changed set is measured against (null for a list's first version).
  previous_version_id uuid references list_versions (id),
  status text not null default 'queued' check (status in ('queued', 'running', 'completed')),
  -- The last customer id of the last committed batch; customers are processed in id order.
  checkpoint_customer_id uuid,
  batches integer not null default 0,
  customers_screened integer not null default 0,
  alerts_raised integer not null default 0,
  changed_entities integer not null default 0,
  removed_entities integer not null default 0,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);

alter table alerts
  -- What raised a system alert, once: 'rescreen:<list version>' or 'periodic:<due date>'. The
  -- unique index below is the last guard against raising the same alert twice.
  add column trigger_key text,
  -- Why it was raised, for the alert page: the listed entities and what changed, or the due date.
  add column trigger jsonb;
create unique index alerts_customer_trigger on alerts (customer_id, trigger_key) where trigger_key is not null;

alter table customer_hits
  -- The listed entity was removed from its list since the hit was found; the hit stays for review.
  add column delisted_at timestamptz;
create index customer_hits_entity on customer_hits (list_key, entity_id);

-- The periodic review job reads due customers by date.
create index customers_review_due on customers (next_review_date, id) where is_monitored;
