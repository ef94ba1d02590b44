-- Production schedule of the review reminders (issue 30, item 3): pg_cron calls the send-review-reminders edge
-- function through pg_net, as Supabase documents scheduled Edge Functions
-- (https://supabase.com/docs/guides/functions/schedule-functions).
--
-- NOT a migration: the local PostgreSQL has no pg_cron or pg_net (the local backend runs the same function on a
-- timer instead: supabase/local/reminders.ts). Apply it once per hosted project, after the migrations, in the
-- SQL editor or with psql (docs/backend.md, "Review reminders"). It is idempotent: running it again replaces the job.
--
-- Before applying, store in Vault (Dashboard > Project Settings > Vault, or the statements at the end):
--   project_url                   https://<project-ref>.supabase.co
--   anon_key                      the project's anon (publishable) key: passes the functions gateway's JWT check
--   review_reminders_cron_secret  a long random secret, also set as the function's secret CRON_SECRET
--                                 (supabase secrets set CRON_SECRET=...)
-- The function accepts only the service-role key or this secret (x-cron-secret); the anon key alone is refused.
--
-- When: every day at 07:00 UTC (07:00 GMT, 08:00 BST), so the digest arrives at the start of the UK
-- working day all year. One digest per person per UK day is enforced by the database
-- (review_reminder_digests), so a retried or doubled run sends nothing twice; a second daily run (here 12:00 UTC)
-- picks up whoever became due later or whose first run failed.

create extension if not exists pg_cron;
create extension if not exists pg_net;

select cron.unschedule(jobid) from cron.job where jobname in ('review-reminders-morning', 'review-reminders-midday');

select cron.schedule(
  'review-reminders-morning',
  '0 7 * * *',
  $$
  select net.http_post(
    url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/send-review-reminders',
    headers := jsonb_build_object(
      'content-type', 'application/json',
      'authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'anon_key'),
      'x-cron-secret', (select decrypted_secret from vault.decrypted_secrets where name = 'review_reminders_cron_secret')
    ),
    body := '{}'::jsonb,
    timeout_milliseconds := 60000
  ) as request_id;
  $$
);

select cron.schedule(
  'review-reminders-midday',
  '0 12 * * *',
  $$
  select net.http_post(
    url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/send-review-reminders',
    headers := jsonb_build_object(
      'content-type', 'application/json',
      'authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'anon_key'),
      'x-cron-secret', (select decrypted_secret from vault.decrypted_secrets where name = 'review_reminders_cron_secret')
    ),
    body := '{}'::jsonb,
    timeout_milliseconds := 60000
  ) as request_id;
  $$
);

-- The Vault secrets, once per project (uncomment and fill in; never commit real values):
-- select vault.create_secret('https://<project-ref>.supabase.co', 'project_url');
-- select vault.create_secret('<anon key>', 'anon_key');
-- select vault.create_secret('<random secret, the same as CRON_SECRET>', 'review_reminders_cron_secret');
--
-- What ran and how it answered: select * from cron.job_run_details order by start_time desc limit 20;
--                               select id, status_code, content from net._http_response order by created desc limit 20;
