-- The alert review: who holds an alert's lock, whose turn it is in the maker → checker → approver chain,
-- what each level decided and why, the indicators the alert was raised with, and the log of every step.
-- An alert stays 'open' until the approver's final decision closes it (then 'closed' with the decision);
-- registration and edit profile keep raising alerts as before (state 'open', stage 'maker').

alter table alerts drop constraint alerts_state_check;
alter table alerts add constraint alerts_state_check check (state in ('open', 'closed'));

alter table alerts
  -- Whose turn it is: the maker proposes, the checker confirms or returns, the approver decides.
  add column stage text not null default 'maker' check (stage in ('maker', 'checker', 'approver', 'decided')),
  -- The last step sent the alert back to the maker (shown as 'Returned').
  add column is_returned boolean not null default false,
  -- The final decision, set with state 'closed'; it is the customer's KYC status from then on.
  add column decision text check (decision in ('approved', 'rejected')),
  -- Indicator codes (hit types, risk level, document and review flags) at the time the alert was raised.
  add column indicators text[] not null default '{}',
  -- The reviewer working on the alert; only they may submit or cancel, others wait or ask for an unlock.
  add column locked_by uuid references users (id),
  add column locked_by_name text not null default '',
  add column locked_at timestamptz,
  -- Who opened a manual alert (null for alerts raised by the system).
  add column created_by uuid references users (id),
  add column created_by_name text not null default '',
  -- Each level's latest decision, reason, person and time (the log keeps every earlier one).
  add column maker_decision text check (maker_decision in ('approved', 'rejected')),
  add column maker_reason text not null default '',
  add column maker_id uuid references users (id),
  add column maker_name text not null default '',
  add column maker_at timestamptz,
  add column checker_decision text check (checker_decision in ('confirmed', 'returned')),
  add column checker_reason text not null default '',
  add column checker_id uuid references users (id),
  add column checker_name text not null default '',
  add column checker_at timestamptz,
  add column approver_decision text check (approver_decision in ('approved', 'rejected', 'returned')),
  add column approver_reason text not null default '',
  add column approver_id uuid references users (id),
  add column approver_name text not null default '',
  add column approver_at timestamptz,
  add column updated_at timestamptz not null default now(),
  add constraint alerts_closed_decided check ((state = 'closed') = (decision is not null)),
  add constraint alerts_closed_unlocked check (state = 'open' or locked_by is null);

-- Alerts raised before this migration get their indicators from their customer.
update alerts a set indicators = (
  select coalesce(c.hit_types, '{}') || case when c.risk_level is null then '{}'::text[] else array[c.risk_level] end
  from customers c where c.id = a.customer_id
);

-- The list's filters beside the default newest-first order, and the header count of open alerts.
create index alerts_segment_state on alerts (data_segment_id, state, created_at desc);
create index alerts_locked_by on alerts (locked_by) where locked_by is not null;
create index alerts_indicators on alerts using gin (indicators);

-- Every step of every alert, never rewritten: raised or created, lock, each level's decision, cancel
-- review, unlock; with who and when. The alert page and the customer's timeline read it.
create table alert_log (
  id uuid primary key default gen_random_uuid(),
  data_segment_id uuid not null references data_segments (id),
  alert_id uuid not null references alerts (id),
  action text not null check (
    action in ('raised', 'created alert', 'lock', 'approve', 'reject', 'confirm', 'return', 'cancel review', 'unlock')
  ),
  -- The review level the step was taken at (null for raising, creating and unlocking).
  level text check (level in ('maker', 'checker', 'approver')),
  reason text not null default '',
  actor_id uuid references users (id),
  actor_name text not null default '',
  created_at timestamptz not null default clock_timestamp()
);
create index alert_log_alert on alert_log (alert_id, created_at);
create index alert_log_actor on alert_log (alert_id, actor_id);

create function alert_log_immutable() returns trigger language plpgsql as $$
begin
  raise exception 'alert_log rows are never rewritten; add a new step instead';
end
$$;
create trigger alert_log_no_update before update on alert_log
  for each row execute function alert_log_immutable();

-- Alerts raised before this migration start their log with the raising.
insert into alert_log (data_segment_id, alert_id, action, actor_name, created_at)
select data_segment_id, id, 'raised', 'System', created_at from alerts;
