-- Production schedule of the sweep of evidence objects without a row (issue 39, item 9): pg_cron calls the
-- sweep-orphan-files edge function through pg_net, as supabase/cron/review_reminders.sql calls send-review-reminders
-- (https://supabase.com/docs/guides/functions/schedule-functions).
--
-- NOT a migration: the local PostgreSQL has no pg_cron or pg_net (the local backend runs the same function on a
-- timer instead: supabase/local/schedules.ts). Apply it once per hosted project, after the migrations and after
-- review_reminders.sql (whose Vault secrets it uses: project_url, anon_key, and review_reminders_cron_secret, the
-- value of the functions' CRON_SECRET), in the SQL editor or with psql. It is idempotent: running it again replaces
-- the job.
--
-- When: every day at 03:00 UTC, a quiet hour in the UK. An object is removed only when no row has named it for 24
-- hours by the database's clock (public.orphan_evidence_objects), at most 1000 a run; what a run leaves, the next
-- one removes.

create extension if not exists pg_cron;
create extension if not exists pg_net;

select cron.unschedule(jobid) from cron.job where jobname = 'sweep-orphan-files';

select cron.schedule(
  'sweep-orphan-files',
  '0 3 * * *',
  $$
  select net.http_post(
    url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/sweep-orphan-files',
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

-- What ran and how it answered: select * from cron.job_run_details where jobid = (select jobid from cron.job where
-- jobname = 'sweep-orphan-files') order by start_time desc limit 20;
