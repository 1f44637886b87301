-- A registration link sent through the public API with an Idempotency-Key carries the key's
-- submission key: a retry after a process died between sending and keeping the answer finds the
-- temp customer the first attempt created and sends nothing a second time.
alter table temp_customers add column submission_key uuid;
create unique index temp_customers_submission_key on temp_customers (data_segment_id, submission_key)
  where submission_key is not null;
