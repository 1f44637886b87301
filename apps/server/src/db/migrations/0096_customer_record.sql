-- The customer record as registration stores it. The whole record stays in customers.record (jsonb);
-- the facts the customer list searches, filters and sorts on are copied into columns when the record
-- is written, so a list of a million customers is served from indexes, never by reading the json.
-- Every change of a record is kept in customer_versions; screening hits per customer in customer_hits;
-- and the first alerts (the on-boarding alert a registration raises) in a small alerts table that the
-- alerts issue extends.

-- Trigram search for the keyword box where the server has pg_trgm (PostgreSQL ships it as a trusted
-- extension; the embedded database loads it at start). Without it the keyword still works, unindexed.
do $$
begin
  create extension if not exists pg_trgm;
exception when others then
  null;
end
$$;

alter table customers
  add column full_name text not null default '',
  -- Lower case, accents removed, one space between words: what duplicates and name sorting compare.
  add column full_name_normalised text not null default '',
  add column first_name text,
  add column last_name text,
  add column date_of_birth date,
  add column nationality_id text,
  add column country_of_residence_id text,
  add column id_type text check (id_type in ('passport', 'lisence', 'id')),
  add column id_number text,
  -- The ID number with spaces, hyphens and case removed: what duplicates compare.
  add column id_number_key text,
  add column email text,
  add column phone_number text,
  add column hit_types text[] not null default '{}',
  add column products text[] not null default '{}',
  add column created_by uuid references users (id),
  add column created_by_name text not null default '',
  add column archived_at timestamptz,
  -- The key the client sent with the submission: a retry with the same key finds this customer.
  add column submission_key uuid,
  add column version integer not null default 1,
  -- The text the keyword box matches: name, sanadId, ID number, e-mail and phone, in lower case.
  add column search_text text generated always as (
    lower(
      full_name || ' ' || sanad_id || ' ' || coalesce(id_number, '') || ' ' || coalesce(id_number_key, '') || ' ' ||
      coalesce(email, '') || ' ' || coalesce(phone_number, '')
    )
  ) stored;

-- Customers stored before this migration (by the risk engine's tests and tools) get their columns
-- from their records.
update customers set
  first_name = nullif(record #>> '{basicInfo,firstName}', ''),
  last_name = nullif(record #>> '{basicInfo,lastName}', ''),
  full_name = trim(regexp_replace(
    coalesce(record #>> '{basicInfo,firstName}', '') || ' ' || coalesce(record #>> '{basicInfo,middleName}', '') || ' ' ||
    coalesce(record #>> '{basicInfo,lastName}', ''), '\s+', ' ', 'g')),
  full_name_normalised = lower(trim(regexp_replace(
    coalesce(record #>> '{basicInfo,firstName}', '') || ' ' || coalesce(record #>> '{basicInfo,middleName}', '') || ' ' ||
    coalesce(record #>> '{basicInfo,lastName}', ''), '\s+', ' ', 'g'))),
  nationality_id = nullif(record #>> '{basicInfo,nationalityId}', ''),
  country_of_residence_id = nullif(record #>> '{basicInfo,countryOfResidenceId}', ''),
  email = nullif(lower(record #>> '{contactInfo,email}'), ''),
  phone_number = nullif(record #>> '{contactInfo,phoneNumber}', '');

-- The default list: newest first within a segment.
create index customers_segment_created on customers (data_segment_id, created_at desc, id desc);
-- Name sorting, and the duplicate check on name and date of birth.
create index customers_segment_name on customers (data_segment_id, full_name_normalised, date_of_birth);
-- The duplicate check on the ID number, and look-ups by it.
create index customers_segment_id_number on customers (data_segment_id, id_number_key) where id_number_key is not null;
-- The KYC filters most used with the newest-first order.
create index customers_segment_kyc on customers (data_segment_id, kyc_status, created_at desc);
create index customers_segment_risk on customers (data_segment_id, risk_level, created_at desc);
create index customers_hit_types on customers using gin (hit_types);
-- The advanced search's nationality and country of residence, alone or beside a KYC filter.
create index customers_segment_nationality on customers (data_segment_id, nationality_id, created_at desc);
create index customers_segment_residence on customers (data_segment_id, country_of_residence_id, created_at desc);
-- One customer per submission: the last guard of idempotent registration.
create unique index customers_submission_key on customers (data_segment_id, submission_key) where submission_key is not null;

do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_trgm') then
    execute 'create index customers_search_trgm on customers using gin (search_text gin_trgm_ops)';
  end if;
end
$$;

-- Every version of every record, never rewritten: the activity timeline and audits read it.
create table customer_versions (
  id uuid primary key default gen_random_uuid(),
  data_segment_id uuid not null references data_segments (id),
  customer_id uuid not null references customers (id),
  version integer not null,
  action text not null check (action in ('created', 'edited')),
  record jsonb not null,
  -- Dotted paths of the fields that differ from the previous version; ['*'] for the first.
  changed_fields text[] not null,
  actor_id uuid references users (id),
  actor_name text not null default '',
  created_at timestamptz not null default now(),
  unique (customer_id, version)
);

create function customer_versions_immutable() returns trigger language plpgsql as $$
begin
  raise exception 'customer_versions rows are never rewritten; add a new version instead';
end
$$;
create trigger customer_versions_no_update before update on customer_versions
  for each row execute function customer_versions_immutable();

-- The screening hits of each customer, with the columns the name-screening tab shows. The reviewer's
-- determination and comments are set by the alert review (a later issue).
create table customer_hits (
  id uuid primary key default gen_random_uuid(),
  data_segment_id uuid not null references data_segments (id),
  customer_id uuid not null references customers (id),
  full_name text not null,
  dob text,
  father_or_husband text,
  id_number text,
  country text,
  associates text[] not null default '{}',
  publisher_name text not null default '',
  source_list text not null,
  list_key text not null,
  entity_id text not null,
  score double precision not null,
  hit_type text not null check (hit_type in ('pep', 'enforcement', 'blackList', 'sanction')),
  sanction boolean not null default false,
  pep boolean not null default false,
  special_interest boolean not null default false,
  adverse_media boolean not null default false,
  hit_determination text not null default 'open' check (hit_determination in ('open', 'genuine', 'false-positive')),
  comments text not null default '',
  -- Why it scored so (the engine's explanation) and the listed entity, for the hit-detail screen.
  explanation jsonb not null default '{}',
  entity jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index customer_hits_customer on customer_hits (customer_id, score desc);

-- Alerts a compliance team reviews. This migration creates only what registration needs: the
-- on-boarding alert raised when screening finds hits or the rating is high or sanction. The alerts
-- issue adds review state (lock, reviewer, decision) and the other alert types' columns.
create table alerts (
  id uuid primary key default gen_random_uuid(),
  data_segment_id uuid not null references data_segments (id),
  customer_id uuid not null references customers (id),
  type text not null check (type in ('on boarding', 'triggered', 'periodic', 'manual')),
  reason text not null,
  state text not null default 'open' check (state in ('open')),
  created_at timestamptz not null default now()
);
create index alerts_segment_created on alerts (data_segment_id, created_at desc);
create index alerts_customer on alerts (customer_id, created_at desc);
