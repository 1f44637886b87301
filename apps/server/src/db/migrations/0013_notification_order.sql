-- Notifications are listed newest first. Two sent within the same clock tick (PGlite's clock counts in
-- milliseconds) would otherwise tie and come back in either order, so each row also takes a number in
-- the order it was written, and ties on the time fall back to it instead of to the random id.
alter table notifications add column seq bigint generated always as identity;
drop index notifications_user_time;
create index notifications_user_time on notifications (user_id, created_at desc, seq desc);
