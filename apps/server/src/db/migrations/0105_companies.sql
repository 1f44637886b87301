-- Companies (KYB). A company is a customers row of type 'company': its record holds the company
-- section (legal name, former names, registration, addresses, licence, purpose, expected activity)
-- and the five company-registry flags the risk engine reads. The list and search reuse the
-- customers columns: full_name holds the legal name (its normalised form sorts), id_number the
-- registration number and id_number_key its letters and digits, so the keyword box (search_text)
-- finds a company by name, sanadId or registration number with the indexes that already exist.

-- The company's ownership and control structure, as a graph the ownership engine reads. A party is
-- a node: a natural person or an entity (a company, trust, partnership...). A company parent is an
-- edge: the party owns or controls either the company itself (of_party_id null) or another entity
-- party of the same structure (a shareholder's own shareholders), with its roles, shareholding,
-- share class and dates. One person holding through two chains is one party with two edges, so
-- effective ownership is summed over both paths.
create table company_parties (
  id uuid primary key default gen_random_uuid(),
  data_segment_id uuid not null references data_segments (id),
  company_id uuid not null references customers (id),
  kind text not null check (kind in ('person', 'entity')),
  name text not null,
  -- A person: e-mail (for the KYC link), date of birth, nationality. An entity: registration number
  -- and country.
  email text,
  date_of_birth date,
  nationality_id text,
  registration_number text,
  country_id text,
  -- The Sanad customer this party is (an entity registered as a company, a person registered as an
  -- individual); set by staff or when the person completes the KYC link sent to them.
  customer_id uuid references customers (id),
  -- The deep link sent to the person: its temp customer becomes the customer when completed.
  temp_customer_id uuid references temp_customers (id),
  created_at timestamptz not null default now()
);
create index company_parties_company on company_parties (company_id);
create index company_parties_customer on company_parties (customer_id) where customer_id is not null;
create index company_parties_temp on company_parties (temp_customer_id) where temp_customer_id is not null;

create table company_parents (
  id uuid primary key default gen_random_uuid(),
  data_segment_id uuid not null references data_segments (id),
  company_id uuid not null references customers (id),
  party_id uuid not null references company_parties (id),
  -- The entity party owned or controlled; null: the company itself.
  of_party_id uuid references company_parties (id),
  -- director, shareholder, beneficial-owner, authorised-signatory, controlling-person.
  roles text[] not null,
  shareholding numeric(7, 4) check (shareholding is null or (shareholding > 0 and shareholding <= 100)),
  share_class text,
  start_date date,
  end_date date,
  created_by uuid references users (id),
  created_by_name text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (of_party_id is null or of_party_id <> party_id)
);
create index company_parents_company on company_parents (company_id);
create index company_parents_party on company_parents (party_id);
create unique index company_parents_edge on company_parents (company_id, party_id, coalesce(of_party_id, '00000000-0000-0000-0000-000000000000'::uuid));

-- Who set each company-registry flag and when (the flag's value is in the record, where the risk
-- engine reads it). One row per company and flag: the latest setting; the audit trail keeps all.
create table company_registry_flags (
  company_id uuid not null references customers (id),
  data_segment_id uuid not null references data_segments (id),
  flag text not null check (flag in (
    'hasInsolvencyHistory', 'undeliverableRegisteredOfficeAddress', 'confirmationStatementOverdue', 'accountsOverdue',
    'registeredOfficeIsInDispute'
  )),
  value boolean not null,
  set_by uuid references users (id),
  set_by_name text not null default '',
  set_at timestamptz not null default now(),
  primary key (company_id, flag)
);

-- The company list: a segment's companies, newest first.
create index customers_segment_type on customers (data_segment_id, type, created_at desc);
