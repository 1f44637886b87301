-- The customer lists' remaining filters, the advanced search's indexes, and archiving.
--
-- source: how the customer came in (self-register, deep-link, dynamic-register, public-register,
-- bulk-upload, api). Customers stored before this migration came through the staff self-register,
-- the only way in until now.
-- is_monitored: whether ongoing monitoring (re-rating walks, periodic review) still looks at the
-- customer. Archiving turns it off and restoring turns it back on, in the same transaction.
alter table customers
  add column source text not null default 'self-register',
  add column is_monitored boolean not null default true;

-- The list's source, ID type and product filters beside the newest-first order.
create index customers_segment_source on customers (data_segment_id, source, created_at desc);
create index customers_segment_id_type on customers (data_segment_id, id_type, created_at desc);
create index customers_products on customers using gin (products);
-- The archived filter: the few archived customers of a segment, newest first.
create index customers_segment_archived on customers (data_segment_id, created_at desc) where archived_at is not null;

-- The advanced search's fields that live only in the record (gender, work type, industry), each
-- beside the segment and the newest-first order, so a page is read from the index.
create index customers_segment_gender on customers (data_segment_id, (record #>> '{basicInfo,genderId}'), created_at desc);
create index customers_segment_work_type on customers (data_segment_id, (record #>> '{occupationInfo,workTypeId}'), created_at desc);
create index customers_segment_industry on customers (data_segment_id, (record #>> '{occupationInfo,industryId}'), created_at desc);

-- The advanced search's name fields match any part of a name: trigram indexes where the server has
-- pg_trgm (see 0096).
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_trgm') then
    execute 'create index customers_first_name_trgm on customers using gin (first_name gin_trgm_ops)';
    execute 'create index customers_last_name_trgm on customers using gin (last_name gin_trgm_ops)';
    execute $i$create index customers_middle_name_trgm on customers using gin ((record #>> '{basicInfo,middleName}') gin_trgm_ops)$i$;
  end if;
end
$$;
