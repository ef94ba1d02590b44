-- Review reminders (issue 30, item 3): when ratings fall due for review (the wizard's daily, weekly or monthly) or
-- actions go overdue, each responsible member gets one digest e-mail per UK calendar day at most, through the outbox.
--
-- Who is responsible:
--   a rating due for review   the member who last rated the item (assessment_items.rated_by) while they are still a
--                             member of the item's organisation; when they have left it (or their account is gone),
--                             every admin of the organisation.
--   an overdue action         its owner while still a member of the action's organisation; otherwise its admins.
-- A person belongs to one organisation at a time (memberships_one_organisation_per_user), and a recipient is always
-- drawn from the memberships of the item's own organisation, so nobody is sent another organisation's items.
--
-- When a rating is due: the same rule as src/domain/frameworks/review.ts (UK calendar days, Europe/London), with the
-- recipient's own review frequency (users.policy_frequency, the wizard's answer: what their own dashboard shows as
-- due). A recipient without one (setup never finished) is sent overdue actions only. Only open (not archived)
-- assessments count. An item stays in the digest every day until it is reviewed, an action until it is closed.
--
-- What holds whoever calls:
--   mute          public.reminder_preferences, one row per person (made with their profile), RLS: a person reads and
--                 changes only their own row, and only review_reminders_muted.
--   once a day    public.review_reminder_digests, primary key (user_id, day): the log row and the outbox e-mail are
--                 written in one transaction, after the log row is claimed (insert ... on conflict do nothing), so
--                 two runs at once, or a run repeated the same day, never mail anyone twice.
--   who sends     queue_review_reminders() is SECURITY DEFINER and executable by service_role only (the scheduled
--                 edge function send-review-reminders, which then delivers the e-mails as the other functions do).

-- The per-person setting. A row for every profile (the trigger below; existing profiles backfilled), so the browser
-- only ever updates its own row and never needs to insert one.
create table public.reminder_preferences (
  id uuid primary key references public.users (id) on delete cascade,
  review_reminders_muted boolean not null default false,
  updated_at timestamptz not null default now()
);

insert into public.reminder_preferences (id) select id from public.users on conflict (id) do nothing;

create or replace function private.create_reminder_preferences()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.reminder_preferences (id) values (new.id) on conflict (id) do nothing;
  return new;
end
$$;

create trigger users_create_reminder_preferences after insert on public.users
  for each row execute function private.create_reminder_preferences();

create trigger reminder_preferences_touch before update on public.reminder_preferences
  for each row execute function public.touch_updated_at();

-- One digest per person per UK day: the database refuses a second (primary key).
create table public.review_reminder_digests (
  user_id uuid not null references auth.users (id) on delete cascade,
  day date not null,
  organisation_id uuid not null references public.organisations (id) on delete cascade,
  outbox_id uuid references public.mail_outbox (id) on delete set null,
  reviews_due integer not null check (reviews_due >= 0),
  actions_overdue integer not null check (actions_overdue >= 0),
  created_at timestamptz not null default now(),
  primary key (user_id, day),
  constraint review_reminder_digests_not_empty check (reviews_due + actions_overdue > 0)
);
create index review_reminder_digests_organisation_idx on public.review_reminder_digests (organisation_id);
create index review_reminder_digests_outbox_idx on public.review_reminder_digests (outbox_id);

-- UK calendar dates, as src/domain/frameworks/review.ts computes them (tests/backend/reminders.sql.test.ts runs both
-- over month ends, leap days and the clock changes).
create or replace function private.uk_date(p_instant timestamptz)
returns date
language sql
immutable
strict
set search_path = ''
as $$ select (p_instant at time zone 'Europe/London')::date $$;

-- reviewDueOn(): daily +1 day, weekly +7 days, monthly +1 month kept within the month it lands in (PostgreSQL's
-- date + interval '1 month' does exactly that: 31 January + 1 month = 28 or 29 February).
create or replace function private.review_due_on(p_rated_at timestamptz, p_frequency text)
returns date
language sql
immutable
strict
set search_path = ''
as $$
  select case p_frequency
    when 'daily' then private.uk_date(p_rated_at) + 1
    when 'weekly' then private.uk_date(p_rated_at) + 7
    when 'monthly' then (private.uk_date(p_rated_at) + interval '1 month')::date
  end
$$;

-- '25 November 2026'.
create or replace function private.long_date(p_day date)
returns text
language sql
immutable
strict
set search_path = ''
as $$ select to_char(p_day, 'FMDD FMMonth YYYY') $$;

-- What is due for each responsible member at an instant: one row per (person, entry), entry kind 'review' or
-- 'action'. Kept apart from the function that mails it so the rule can be read (and tested) on its own.
create or replace function private.reminder_entries(p_now timestamptz)
returns table (
  user_id uuid, organisation_id uuid, kind text, due_on date, framework text, area text, item text,
  title text, sort_key text
)
language sql
stable
security definer
set search_path = ''
as $$
  with rated as (
    select i.organisation_id, i.item_id, i.rated_at, i.rated_by, fv.short_name as framework, g.name as area, fi.name as item,
           lpad(fv.position::text, 4, '0') || lpad(g.position::text, 4, '0') || lpad(fi.position::text, 4, '0') as sort_key
      from public.assessment_items i
      join public.assessments a on a.id = i.assessment_id and a.archived_at is null
      join public.framework_versions fv on fv.id = i.framework_version_id
      join public.framework_items fi on fi.id = i.item_id
      join public.framework_groups g on g.id = fi.group_id
     where i.status in ('rated', 'reviewed') and i.rated_at is not null
  ),
  review_recipients as (
    select m.user_id, r.*
      from rated r
      join public.memberships m on m.organisation_id = r.organisation_id
     where m.user_id = r.rated_by
        or (m.role = 'admin' and not exists (
              select 1 from public.memberships m2 where m2.organisation_id = r.organisation_id and m2.user_id = r.rated_by))
  )
  select rr.user_id, rr.organisation_id, 'review', private.review_due_on(rr.rated_at, u.policy_frequency),
         rr.framework, rr.area, rr.item, null::text, rr.sort_key
    from review_recipients rr
    join public.users u on u.id = rr.user_id
   where u.policy_frequency is not null
     and private.review_due_on(rr.rated_at, u.policy_frequency) <= private.uk_date(p_now)
  union all
  -- Overdue actions (20261126100000_actions_audit.sql): not closed, due before today in the UK.
  select m.user_id, ac.organisation_id, 'action', ac.due_on, fv.short_name, g.name, fi.name, ac.title,
         lpad(fv.position::text, 4, '0') || lpad(g.position::text, 4, '0') || lpad(fi.position::text, 4, '0')
    from public.actions ac
    join public.assessments a on a.id = ac.assessment_id and a.archived_at is null
    join public.framework_versions fv on fv.id = a.framework_version_id
    join public.framework_items fi on fi.id = ac.item_id
    join public.framework_groups g on g.id = fi.group_id
    join public.memberships m on m.organisation_id = ac.organisation_id
   where ac.status <> 'closed'
     and ac.due_on < private.uk_date(p_now)
     and (m.user_id = ac.owner_id
          or (m.role = 'admin' and not exists (
                select 1 from public.memberships m2 where m2.organisation_id = ac.organisation_id and m2.user_id = ac.owner_id)))
$$;

-- The scheduled run (service role only): for the instant p_now (the caller's clock; the local backend's timer passes
-- its own, which tests move forward), every responsible member who is not muted and has had no digest this UK day
-- gets one e-mail in the outbox, logged in review_reminder_digests in the same transaction. Returns the e-mails
-- queued (id, to_address, from_address, reply_to, subject, text_body) for the edge function to deliver.
-- p_site_url comes from the function's configuration (SITE_URL), never from a browser.
create or replace function public.queue_review_reminders(p_now timestamptz, p_site_url text, p_from text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  today date;
  site text;
  r record;
  claimed integer;
  mail_id uuid;
  subject text;
  body text;
  greeting text;
  sections text[];
  mails jsonb := '[]'::jsonb;
begin
  if p_now is null then
    raise exception 'Say at which instant the reminders are due.' using errcode = '22023', hint = 'invalid_now';
  end if;
  if p_site_url is null or p_site_url !~ '^https?://[^[:space:]/]+' then
    raise exception 'The site URL must be an http(s) URL.' using errcode = '22023', hint = 'invalid_site_url';
  end if;
  if p_from is null or btrim(p_from) = '' then
    raise exception 'Say who the reminders are from.' using errcode = '22023', hint = 'invalid_from';
  end if;
  today := private.uk_date(p_now);
  site := rtrim(p_site_url, '/');

  for r in
    select e.user_id, e.organisation_id, o.name as organisation, au.email, u.first_name,
           coalesce(jsonb_agg(jsonb_build_object('framework', e.framework, 'area', e.area, 'item', e.item, 'due_on', e.due_on)
                              order by e.due_on, e.sort_key) filter (where e.kind = 'review'), '[]'::jsonb) as reviews,
           coalesce(jsonb_agg(jsonb_build_object('title', e.title, 'framework', e.framework, 'area', e.area, 'item', e.item, 'due_on', e.due_on)
                              order by e.due_on, e.sort_key, e.title) filter (where e.kind = 'action'), '[]'::jsonb) as actions
      from private.reminder_entries(p_now) e
      join public.organisations o on o.id = e.organisation_id
      join public.users u on u.id = e.user_id
      join auth.users au on au.id = e.user_id
      left join public.reminder_preferences p on p.id = e.user_id
     where coalesce(p.review_reminders_muted, false) = false
       and au.email is not null
       and not exists (select 1 from public.review_reminder_digests d where d.user_id = e.user_id and d.day = today)
     group by e.user_id, e.organisation_id, o.name, au.email, u.first_name
     order by e.user_id
  loop
    -- Claim the day first: a concurrent run waits here on the key, then finds it taken and sends nothing.
    insert into public.review_reminder_digests (user_id, day, organisation_id, reviews_due, actions_overdue)
    values (r.user_id, today, r.organisation_id, jsonb_array_length(r.reviews), jsonb_array_length(r.actions))
    on conflict (user_id, day) do nothing;
    get diagnostics claimed = row_count;
    continue when claimed = 0;

    subject := left(format('InspectReady: %s for %s',
      concat_ws(' and ',
        case jsonb_array_length(r.reviews) when 0 then null when 1 then '1 rating to review'
          else jsonb_array_length(r.reviews) || ' ratings to review' end,
        case jsonb_array_length(r.actions) when 0 then null when 1 then '1 overdue action'
          else jsonb_array_length(r.actions) || ' overdue actions' end),
      r.organisation), 300);
    greeting := coalesce('Hello ' || nullif(btrim(r.first_name), '') || ',', 'Hello,');
    sections := array[]::text[];
    if jsonb_array_length(r.reviews) > 0 then
      sections := sections || (
        E'Ratings due for review:\n' ||
        (select string_agg(format('- %s, %s: %s. Due %s%s.', x ->> 'framework', x ->> 'area', x ->> 'item',
                                  private.long_date((x ->> 'due_on')::date),
                                  case when (x ->> 'due_on')::date < today then ' (overdue)' else '' end), E'\n' order by n)
           from jsonb_array_elements(r.reviews) with ordinality as t(x, n)) ||
        E'\n\nReview them: ' || site || '/app');
    end if;
    if jsonb_array_length(r.actions) > 0 then
      sections := sections || (
        E'Overdue actions:\n' ||
        (select string_agg(format('- %s (%s, %s: %s). Was due %s.', x ->> 'title', x ->> 'framework', x ->> 'area', x ->> 'item',
                                  private.long_date((x ->> 'due_on')::date)), E'\n' order by n)
           from jsonb_array_elements(r.actions) with ordinality as t(x, n)) ||
        E'\n\nSee them: ' || site || '/app');
    end if;
    body := format(
      E'%s\n\nHere is what needs you at %s on InspectReady today, %s.\n\n%s\n\n'
      'You get this e-mail at most once a day, while ratings are due for review or actions are overdue. '
      'To stop it, turn off review reminders on your account: %s/account\n',
      greeting, r.organisation, private.long_date(today), array_to_string(sections, E'\n\n'), site);

    insert into public.mail_outbox (to_address, from_address, subject, text_body)
    values (r.email, p_from, subject, body)
    returning id into mail_id;
    update public.review_reminder_digests set outbox_id = mail_id
     where user_id = r.user_id and day = today;
    mails := mails || jsonb_build_object('id', mail_id, 'to_address', r.email, 'from_address', p_from, 'reply_to', null,
                                         'subject', subject, 'text_body', body);
  end loop;
  return mails;
end
$$;

-- Privileges and row-level security: everything revoked first (hosted defaults grant ALL), then exactly what is needed.
alter table public.reminder_preferences enable row level security;
alter table public.review_reminder_digests enable row level security;

revoke all on public.reminder_preferences, public.review_reminder_digests from public, anon, authenticated;
grant all on public.reminder_preferences, public.review_reminder_digests to service_role;
grant select on public.reminder_preferences to authenticated;
grant update (review_reminders_muted) on public.reminder_preferences to authenticated;

create policy reminder_preferences_select_own on public.reminder_preferences for select to authenticated
  using ((select auth.uid()) = id);
create policy reminder_preferences_update_own on public.reminder_preferences for update to authenticated
  using ((select auth.uid()) = id) with check ((select auth.uid()) = id);

revoke execute on function private.create_reminder_preferences() from public, anon, authenticated, service_role;
revoke execute on function private.uk_date(timestamptz) from public, anon, authenticated;
revoke execute on function private.review_due_on(timestamptz, text) from public, anon, authenticated;
revoke execute on function private.long_date(date) from public, anon, authenticated;
revoke execute on function private.reminder_entries(timestamptz) from public, anon, authenticated;
revoke execute on function public.queue_review_reminders(timestamptz, text, text) from public, anon, authenticated;
grant execute on function private.uk_date(timestamptz) to service_role;
grant execute on function private.review_due_on(timestamptz, text) to service_role;
grant execute on function private.long_date(date) to service_role;
grant execute on function private.reminder_entries(timestamptz) to service_role;
grant execute on function public.queue_review_reminders(timestamptz, text, text) to service_role;
