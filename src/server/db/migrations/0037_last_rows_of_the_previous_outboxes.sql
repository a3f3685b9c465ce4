-- The release after the one outbox (decision 0034) no longer reads mail_outbox or push_outbox.
-- Every process of the release before it moved their rows into outbox at each poll; this moves
-- whatever is still there, once. No process that claims rows from them can still run (they were
-- the release before that), so every row moves. A process of the previous release moving rows
-- at the same moment takes other rows: the delete locks each row, and a row moves once.
-- The tables themselves are dropped by a later release (a contract step, decision 0018).
with moved as (
  delete from mail_outbox returning *)
insert into outbox (id, channel, "to", subject, text, html, links, status, attempts,
  next_attempt_at, last_error, sent_at, created_at, redact_after, redacted_at)
select id, 'mail', "to", subject, text, html, links, status, attempts,
  next_attempt_at, last_error, sent_at, created_at, redact_after, redacted_at
from moved
on conflict (id) do nothing;
--> statement-breakpoint
with moved as (
  delete from push_outbox returning *)
insert into outbox (id, channel, "to", subject, text, html, links, subscription_id,
  status, attempts, next_attempt_at, created_at)
select id, 'push', subscription_id::text, title, url, '', jsonb_build_array(url),
  subscription_id, 'pending', attempts, due_at, created_at
from moved
on conflict (id) do nothing;
