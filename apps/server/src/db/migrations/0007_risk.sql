-- Risk engine storage: the configuration of each data segment (one row per factor, factor value,
-- override rule and word, so the sanad-engine screens can search, sort and page them in SQL), a
-- content-addressed snapshot and a version row for every change, the customers the engine rates
-- (the onboarding screens extend this table), their ratings (history, never rewritten) and the
-- re-rating runs.

create table risk_configurations (
  data_segment_id uuid primary key references data_segments (id),
  schema_version integer not null default 1,
  -- risk-rating page: { mediumFrom, highFrom, reason? } for the total; the same for one factor's score.
  thresholds jsonb not null,
  factor_level_thresholds jsonb,
  enhanced_due_diligence_from text not null default 'high' check (enhanced_due_diligence_from in ('medium', 'high')),
  -- risk-level-review page: { low, medium, high, reason? } in years.
  review_interval_years jsonb not null,
  -- Where the defaults came from (FATF and EU lists with their as-of dates); read-only on the screens.
  "references" jsonb not null default '[]',
  -- The content hashes of the configuration now in force (the engine's versionRiskConfig / versionWordLists).
  version text not null default '',
  word_list_version text not null default '',
  current_version_id bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table risk_factors (
  id uuid primary key default gen_random_uuid(),
  data_segment_id uuid not null references risk_configurations (data_segment_id),
  key text not null,
  title text not null,
  kind text not null check (kind in ('code', 'band', 'hit-band')),
  weight double precision not null check (weight >= 0 and weight <= 1000),
  status text not null default 'active' check (status in ('active', 'archived')),
  applies_to text[] not null,
  missing text not null check (missing in ('score-unknown', 'exclude')),
  unknown_score double precision not null check (unknown_score >= 0 and unknown_score <= 100),
  reason text,
  source text,
  position integer not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (data_segment_id, key)
);

create table risk_factor_values (
  id uuid primary key default gen_random_uuid(),
  data_segment_id uuid not null,
  factor_key text not null,
  code text not null,
  title text not null,
  score double precision not null check (score >= 0 and score <= 100),
  status text not null default 'active' check (status in ('active', 'archived')),
  override_to text check (override_to in ('medium', 'high', 'sanction')),
  min_value double precision,
  max_value double precision,
  hit_type text check (hit_type in ('pep', 'enforcement', 'blackList', 'sanction')),
  reason text,
  source text,
  position integer not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  foreign key (data_segment_id, factor_key) references risk_factors (data_segment_id, key)
);
-- Codes are what customer records store; the engine matches them without regard to case.
create unique index risk_factor_values_code on risk_factor_values (data_segment_id, factor_key, lower(code));

create table risk_override_rules (
  id uuid primary key default gen_random_uuid(),
  data_segment_id uuid not null references risk_configurations (data_segment_id),
  code text not null,
  title text not null,
  status text not null default 'active' check (status in ('active', 'archived')),
  override_to text not null check (override_to in ('medium', 'high', 'sanction')),
  applies_to text[] not null,
  -- { kind: 'registry-flag', flag } or { kind: 'screening-hit', hitType, isGenuineOnly, minScore }
  condition jsonb not null,
  reason text,
  source text,
  position integer not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index risk_override_rules_code on risk_override_rules (data_segment_id, lower(code));

create table risk_stop_words (
  id uuid primary key default gen_random_uuid(),
  data_segment_id uuid not null references risk_configurations (data_segment_id),
  word text not null,
  status text not null default 'active' check (status in ('active', 'archived')),
  position integer not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index risk_stop_words_word on risk_stop_words (data_segment_id, lower(word));

create table risk_variant_words (
  id uuid primary key default gen_random_uuid(),
  data_segment_id uuid not null references risk_configurations (data_segment_id),
  word text not null,
  canonical text not null,
  status text not null default 'active' check (status in ('active', 'archived')),
  position integer not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index risk_variant_words_word on risk_variant_words (data_segment_id, lower(word));

-- The whole configuration as the engine parsed it, stored once per content: a change back to an
-- earlier content reuses its snapshot, and a rating's config_version names one of these.
create table risk_config_snapshots (
  data_segment_id uuid not null references data_segments (id),
  version text not null,
  word_list_version text not null,
  config jsonb not null,
  created_at timestamptz not null default now(),
  primary key (data_segment_id, version, word_list_version)
);

-- One row per configuration change: who changed what, and the content it produced.
create table risk_config_versions (
  id bigint generated always as identity primary key,
  data_segment_id uuid not null references data_segments (id),
  seq integer not null,
  version text not null,
  word_list_version text not null,
  page text not null,
  action text not null,
  summary text not null default '',
  actor_id uuid,
  actor_name text not null default '',
  created_at timestamptz not null default now(),
  unique (data_segment_id, seq),
  foreign key (data_segment_id, version, word_list_version) references risk_config_snapshots (data_segment_id, version, word_list_version)
);

alter table risk_configurations add foreign key (current_version_id) references risk_config_versions (id);

create sequence customer_sanad_id_seq;

-- The customer or company record (000 §3) as registration stores it. The onboarding issue adds
-- its own columns; the risk engine owns the risk_* columns and reads `record`.
create table customers (
  id uuid primary key default gen_random_uuid(),
  data_segment_id uuid not null references data_segments (id),
  sanad_id text not null default ('SND-' || lpad(nextval('customer_sanad_id_seq')::text, 8, '0')),
  type text not null check (type in ('individual', 'company')),
  record jsonb not null default '{}',
  kyc_status text not null default 'pending' check (kyc_status in ('pending', 'approved', 'rejected')),
  risk_level text check (risk_level in ('low', 'medium', 'high', 'sanction')),
  risk_rating_id uuid,
  risk_config_version text,
  risk_rated_at timestamptz,
  is_edd_required boolean not null default false,
  next_review_date date,
  -- Facts that are not on the record (screening hits, adverse media, document check, purpose,
  -- assets under management, country of incorporation), as last given; re-rating reuses them.
  risk_context jsonb not null default '{}',
  -- { level, reason, by, at }: kept across re-ratings after a configuration change.
  manual_overwrite jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index customers_sanad_id on customers (sanad_id);
create index customers_segment on customers (data_segment_id, id);
create index customers_next_review on customers (data_segment_id, next_review_date);

-- Every rating ever made. A new configuration or a manual overwrite adds a row; none is rewritten.
create table risk_ratings (
  id uuid primary key,
  data_segment_id uuid not null references data_segments (id),
  customer_id uuid not null references customers (id),
  config_version text not null,
  trigger text not null check (trigger in ('rating', 'rerate', 'manual-overwrite')),
  level text not null check (level in ('low', 'medium', 'high', 'sanction')),
  computed_level text not null check (computed_level in ('low', 'medium', 'high', 'sanction')),
  total_score double precision,
  is_edd_required boolean not null,
  next_review_date date,
  -- The engine's facts and RiskRating (risk table, override table, thresholds, manual overwrite)
  -- as they are. json, not jsonb: written once, read whole, never queried inside (the columns
  -- above carry what lists filter on), and json is stored without re-encoding — a re-rating of a
  -- segment writes one per customer.
  facts json not null,
  explanation json not null,
  overwrite_level text check (overwrite_level in ('low', 'medium', 'high', 'sanction')),
  overwrite_reason text,
  rerate_run_id uuid,
  actor_id uuid,
  actor_name text not null default '',
  created_at timestamptz not null default now()
);
create index risk_ratings_customer on risk_ratings (customer_id, created_at desc);

-- An explanation is ~4.5 KB; lz4 compresses it several times faster than the default pglz.
-- Servers built without lz4 (and PGlite) keep the default.
do $$
begin
  alter table risk_ratings alter column explanation set compression lz4;
  alter table risk_config_snapshots alter column config set compression lz4;
exception when others then
  null;
end
$$;

create function risk_ratings_immutable() returns trigger language plpgsql as $$
begin
  raise exception 'risk_ratings rows are never rewritten; add a new rating instead';
end
$$;
create trigger risk_ratings_no_update before update on risk_ratings
  for each row execute function risk_ratings_immutable();

-- Checked at commit: a re-rating batch first moves each customer to its new rating (only if nobody
-- rated it meanwhile), then inserts the ratings of the customers it moved.
alter table customers add foreign key (risk_rating_id) references risk_ratings (id) deferrable initially deferred;

-- Re-rating a segment after a configuration change: progress is stored with each batch, so a run
-- continues where it stopped after a crash and never rates a customer twice with one version.
create table risk_rerate_runs (
  id uuid primary key default gen_random_uuid(),
  data_segment_id uuid not null references data_segments (id),
  target_version text not null,
  status text not null default 'queued' check (status in ('queued', 'running', 'completed', 'failed', 'superseded')),
  cursor_id uuid,
  total integer not null default 0,
  processed integer not null default 0,
  rated integer not null default 0,
  skipped integer not null default 0,
  batches integer not null default 0,
  -- The engine's LevelChangeSummary, accumulated batch by batch.
  summary jsonb not null,
  error text,
  started_by uuid,
  started_by_name text not null default '',
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  updated_at timestamptz not null default now()
);
create index risk_rerate_runs_segment on risk_rerate_runs (data_segment_id, created_at desc);
create unique index risk_rerate_runs_one_active on risk_rerate_runs (data_segment_id) where status in ('queued', 'running');
