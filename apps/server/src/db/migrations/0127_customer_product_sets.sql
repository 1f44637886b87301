-- The product filter at a million customers (issue 16). A product is an element of the customer's
-- products array, which no B-tree can key: a common product (one customer in twelve) was gathered
-- through its GIN index, reading 10,001 rows from the table to count them (60 ms on a quiet machine,
-- 350 ms at load 11), or by walking the newest-first index past 120,000 entries.
--
-- product_set_key names the customer's whole product set (a 64-bit hash of the array: the function
-- hash partitioning uses, stable across versions). A segment holds few distinct sets (savings;
-- savings and current; ...), so the search first lists the segment's sets that hold the product (one
-- index descent per set), then reads their customers from this index alone, as every other filter.
-- A generated column: writers still write only products, and adding it fills it.
alter table customers
  add column product_set_key bigint generated always as (hash_array_extended(products, 0)) stored;

create index customers_segment_product_set on customers (data_segment_id, product_set_key, created_at desc, id desc)
  include (archived_at, kyc_status, risk_level, gender_id);

-- A B-tree entry holds at most 2,704 bytes. 0125's newest-first index carried the products array
-- itself, which a record may fill with 50 codes of 64 characters: such a customer could not be
-- stored. It carries the set's key instead.
drop index customers_segment_created;
create index customers_segment_created on customers (data_segment_id, created_at desc, id desc)
  include (archived_at, hit_types, product_set_key);
