-- Document requests: a document-upload link tied to one customer. Staff (or the document-expiry
-- job) ask an existing customer for further documents (proof of address, source-of-funds evidence,
-- a renewed identity document); the customer uploads them through the link without signing in, and
-- the completion attaches them to the customer's record. One request per link.
create table document_requests (
  id uuid primary key default gen_random_uuid(),
  data_segment_id uuid not null references data_segments (id),
  onboarding_link_id uuid not null unique references onboarding_links (id),
  customer_id uuid not null references customers (id),
  -- What is asked for: address-proof types (from the onboarding configuration), funds evidence, identity.
  requested jsonb not null,
  note text not null default '',
  reason text not null check (reason in ('staff', 'document-expiry')),
  -- The completion's key and what it attached: a retried completion answers the same result.
  submission_key uuid,
  submitted jsonb,
  completed_at timestamptz,
  created_by uuid references users (id),
  created_by_name text not null default '',
  created_at timestamptz not null default now()
);
create index document_requests_customer on document_requests (customer_id, created_at desc);
create index document_requests_segment on document_requests (data_segment_id, created_at desc);
