-- The advanced search's custom-field filters (the answers of the form builder's custom fields, kept
-- in the record's customInfo). Both indexes are over an expression of the record, so every write
-- that changes customInfo (a registration, an edit, a dynamic or deep registration, a bulk row) keeps
-- them true with no column to fill and nothing to backfill: building the index reads every customer.
--
-- Equality (select, yes/no, number, date, a multi-select's option): containment in the custom answers.
create index customers_custom_info on customers using gin ((record -> 'customInfo') jsonb_path_ops);

-- Any part of a text answer: a trigram index over the custom answers' text where the server has
-- pg_trgm (see 0096); the exact test on the one field rechecks the rows it finds.
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_trgm') then
    execute $i$create index customers_custom_info_trgm on customers using gin ((lower((record -> 'customInfo')::text)) gin_trgm_ops)$i$;
  end if;
end
$$;
