-- Company registers (KYB, docs/decisions/company-registry.md). Entries imported from a register's
-- public file (the UK Companies House "basic company data" CSV, register GB-COH), looked up by
-- registration number to prefill a company's registration and to check its declaration. Public
-- reference data, the same for every data segment (like the screening lists): no data_segment_id.
-- An import upserts by (register, registration_number), so importing the same file again, or a
-- newer month's file, leaves one row per company.
create table company_register_entries (
  register text not null,
  registration_number text not null,
  legal_name text not null,
  -- [{ "name": ..., "changedOn": "YYYY-MM-DD" | null }], most recent first as the file lists them.
  former_names jsonb not null default '[]',
  status text not null default '',
  category text not null default '',
  country_of_origin text not null default '',
  incorporation_date date,
  dissolution_date date,
  -- { careOf, poBox, line1, line2, postTown, county, country, postCode }
  registered_address jsonb not null,
  sic_codes text[] not null default '{}',
  accounts_next_due_date date,
  accounts_last_made_up_date date,
  accounts_category text not null default '',
  confirmation_statement_next_due_date date,
  confirmation_statement_last_made_up_date date,
  source_file text not null,
  imported_at timestamptz not null default now(),
  primary key (register, registration_number)
);

-- One row per import run: what was read, how many rows were stored and skipped, and how it ended.
create table company_register_imports (
  id uuid primary key default gen_random_uuid(),
  register text not null,
  source_file text not null,
  status text not null default 'running' check (status in ('running', 'completed', 'failed')),
  rows_stored integer not null default 0,
  rows_skipped integer not null default 0,
  error text,
  started_at timestamptz not null default now(),
  finished_at timestamptz
);
