-- The customer list and the advanced search at a million customers in a segment: a page and its
-- total (counted exactly up to 10,000 matches) are read from indexes, without reading the rows.
--
-- Gender, work type and industry were filtered through expression indexes over the record (0102).
-- PostgreSQL never answers from an expression index alone (it needs the record to evaluate the
-- expression), so counting the female customers of a segment read every counted row and its json.
-- They become generated columns of the record's fields: the record stays the only thing a writer
-- writes, every writer keeps them true with no code of its own, and adding them fills them.
alter table customers
  add column gender_id text generated always as (record #>> '{basicInfo,genderId}') stored,
  add column work_type_id text generated always as (record #>> '{occupationInfo,workTypeId}') stored,
  add column industry_id text generated always as (record #>> '{occupationInfo,industryId}') stored;

-- Every equality filter's index: the segment, the value, then the newest-first order with its id
-- tie-break (a page is read in order, never sorted). Each carries archived_at (the default list
-- leaves archived customers out) and the filters with a handful of values -- KYC status, risk level,
-- gender -- which hardly narrow a search on their own and are the ones added to another filter. So
-- counting a search's matches and gathering their ids read that one index, not the rows, for any
-- filter alone or beside those three. Each replaces the index of the same name, whose columns it
-- starts with.
-- The newest-first index also carries the two list filters no B-tree can key, hit types and products:
-- their GIN indexes find a rare value, and a common one is counted by walking this index alone.
drop index customers_segment_created;
create index customers_segment_created on customers (data_segment_id, created_at desc, id desc)
  include (archived_at, hit_types, products);
drop index customers_segment_kyc;
create index customers_segment_kyc on customers (data_segment_id, kyc_status, created_at desc, id desc)
  include (archived_at, risk_level, gender_id);
drop index customers_segment_risk;
create index customers_segment_risk on customers (data_segment_id, risk_level, created_at desc, id desc)
  include (archived_at, kyc_status, gender_id);
drop index customers_segment_gender;
create index customers_segment_gender on customers (data_segment_id, gender_id, created_at desc, id desc)
  include (archived_at, kyc_status, risk_level);
drop index customers_segment_nationality;
create index customers_segment_nationality on customers (data_segment_id, nationality_id, created_at desc, id desc)
  include (archived_at, kyc_status, risk_level, gender_id);
drop index customers_segment_residence;
create index customers_segment_residence on customers (data_segment_id, country_of_residence_id, created_at desc, id desc)
  include (archived_at, kyc_status, risk_level, gender_id);
drop index customers_segment_source;
create index customers_segment_source on customers (data_segment_id, source, created_at desc, id desc)
  include (archived_at, kyc_status, risk_level, gender_id);
drop index customers_segment_id_type;
create index customers_segment_id_type on customers (data_segment_id, id_type, created_at desc, id desc)
  include (archived_at, kyc_status, risk_level, gender_id);
drop index customers_segment_type;
create index customers_segment_type on customers (data_segment_id, type, created_at desc, id desc)
  include (archived_at, kyc_status, risk_level, gender_id);
drop index customers_segment_work_type;
create index customers_segment_work_type on customers (data_segment_id, work_type_id, created_at desc, id desc)
  include (archived_at, kyc_status, risk_level, gender_id);
drop index customers_segment_industry;
create index customers_segment_industry on customers (data_segment_id, industry_id, created_at desc, id desc)
  include (archived_at, kyc_status, risk_level, gender_id);
