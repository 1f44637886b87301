-- The language of the customer a link is for (English, Arabic or Urdu): the one staff sent the link
-- in, then the one the customer uses the journey in. A resend, a document request and the older
-- public form's continue link are written in it.
alter table temp_customers add column language text not null default 'en'
  check (language in ('en', 'ar', 'ur'));
-- A document request without a chosen language reads the customer's journey language by customer.
create index temp_customers_customer on temp_customers (customer_id) where customer_id is not null;
