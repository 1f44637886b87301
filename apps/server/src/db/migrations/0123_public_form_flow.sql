-- The older public form (/:dataSegmentId/register): a journey a visitor starts without a link is a
-- deep-register link with a temp customer like any other, but runs six steps (no additional-info).
-- The flow decides which steps the server requires; staff lists of sent links leave these out.
alter table temp_customers add column flow text not null default 'deep-register'
  check (flow in ('deep-register', 'public-form'));
