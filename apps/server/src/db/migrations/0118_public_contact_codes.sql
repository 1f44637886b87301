-- One-time codes for the public journeys (deep register, dynamic register): the customer proves the
-- contact e-mail or phone of the setup-profile step (000 §4). Such a code belongs to the journey's
-- onboarding link, not to a user; a consumed code of purpose verify-contact is the proof that the
-- address (its HMAC) was verified for that journey, and is kept while the link lives.
alter table one_time_codes alter column user_id drop not null;
alter table one_time_codes add column onboarding_link_id uuid references onboarding_links (id) on delete cascade;
alter table one_time_codes add constraint one_time_codes_one_owner check ((user_id is null) <> (onboarding_link_id is null));
alter table one_time_codes drop constraint one_time_codes_purpose_check;
alter table one_time_codes add constraint one_time_codes_purpose_check
  check (purpose in ('update-profile', 'change-password', 'verify-number', 'verify-contact'));

-- A new code supersedes the old one: at most one code per journey is open.
create unique index one_time_codes_one_open_per_link on one_time_codes (onboarding_link_id)
  where onboarding_link_id is not null and consumed_at is null and superseded_at is null;
-- The verified addresses of a journey.
create index one_time_codes_verified_contacts on one_time_codes (onboarding_link_id, recipient_hash)
  where consumed_at is not null;
