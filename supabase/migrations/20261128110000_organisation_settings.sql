-- Organisation settings on the organisation (issue 39, item 1).
--
-- Until now the regulators chosen in setup, the sector and the review frequency were columns of each person's own
-- users row (20261122000000: selected_regulators, sector, policy_frequency): the dashboard read the reader's row and
-- the reminders the recipient's, so two members of one organisation saw different "due for review" lists. They now
-- belong to the organisation:
--
--   organisations.selected_regulators   the regulators whose frameworks the organisation assesses itself against
--   organisations.sector                (already there, from sign-up) the organisation's sector
--   organisations.review_frequency      how often a rating falls due for review: daily, weekly or monthly
--   organisations.review_reminders_default
--                                        whether members get the review reminder digest unless they turn it off
--   organisations.settings_version, settings_updated_at, settings_updated_by, settings_updated_by_name
--                                        stamped by a trigger on every change of the four settings, whoever writes;
--                                        the version makes "another admin saved meanwhile" a refusal, not a lost update
--
-- Members read them (RLS on organisations, as before: the dashboard embeds its assessments in the same request);
-- only admins change them, through rpc update_organisation_settings (the settings page) or
-- rpc apply_setup_to_organisation (the setup wizard, after it has written the person's own users row, which it still
-- does as the product spec says): both validate as the wizard does, change the settings and re-sync the
-- organisation's assessments in one transaction, and every change is in the audit trail (kind 'settings_changed').
-- A member's wizard run changes nothing of the organisation.
--
-- A person's own opt-out of the reminder e-mails stays personal: reminder_preferences.review_reminders_muted is now
-- null while the person has not chosen (the organisation's default applies), true or false once they have.
--
-- Today's answers move onto the organisations: for each organisation, those of its admin who created it
-- (organisations.created_by) when they answered, else of its longest-standing admin who did. Nothing is removed from
-- the users rows. tests/backend/organisationSettings.migration.test.ts runs this file on a database seeded before it.

alter table public.organisations
  add column selected_regulators text[] not null default '{}'
    check (selected_regulators <@ array['cqc', 'ofsted', 'bsr', 'rsh']::text[]),
  add column review_frequency text check (review_frequency is null or review_frequency in ('daily', 'weekly', 'monthly')),
  add column review_reminders_default boolean not null default true,
  add column settings_version integer not null default 0 check (settings_version >= 0),
  add column settings_updated_at timestamptz,
  add column settings_updated_by uuid references auth.users (id) on delete set null,
  add column settings_updated_by_name text check (settings_updated_by_name is null or char_length(settings_updated_by_name) <= 400);
create index organisations_settings_updated_by_idx on public.organisations (settings_updated_by);

-- The move. "Answers" are a chosen regulator or a review frequency (the sector alone comes from sign-up). The
-- person's wizard sector, when they gave one, becomes the organisation's.
with answered as (
  select o.id as organisation_id, u.id as user_id, u.selected_regulators, u.policy_frequency, u.sector,
         coalesce(u.onboarding_completed_at, u.updated_at) as answered_at,
         row_number() over (partition by o.id order by (u.id = o.created_by) desc, m.created_at, u.id) as rank
    from public.organisations o
    join public.memberships m on m.organisation_id = o.id and m.role = 'admin'
    join public.users u on u.id = m.user_id
   where cardinality(u.selected_regulators) > 0 or u.policy_frequency is not null
)
update public.organisations o
   set selected_regulators = a.selected_regulators,
       review_frequency = a.policy_frequency,
       sector = coalesce(a.sector, o.sector),
       settings_updated_at = a.answered_at,
       settings_updated_by = a.user_id,
       settings_updated_by_name = private.person_name(a.user_id)
  from answered a
 where a.organisation_id = o.id and a.rank = 1;

-- Personal reminder choices: null = the organisation's default (on for every organisation today, so nobody's
-- reminders change); a person who turned them off keeps that.
alter table public.reminder_preferences
  alter column review_reminders_muted drop not null,
  alter column review_reminders_muted drop default;
update public.reminder_preferences set review_reminders_muted = null where review_reminders_muted = false;

-- The audit trail takes organisation-wide events: no assessment and no item.
alter table public.audit_events
  alter column assessment_id drop not null,
  alter column item_id drop not null,
  drop constraint audit_events_kind_check,
  add constraint audit_events_kind_check check (kind in (
    'rated', 'reviewed', 'evidence_added', 'evidence_removed',
    'action_raised', 'action_started', 'action_submitted', 'action_closed', 'action_rejected', 'action_changed',
    'settings_changed'
  )),
  add constraint audit_events_item_events_have_item check (
    (kind = 'settings_changed') = (assessment_id is null and item_id is null)
  );

-- Whoever writes the settings (an RPC, an admin's plain update of the sector, the service role): the version goes
-- up, who and when are stamped, the change is audited. The stamps are the trigger's own: a write that changes no
-- setting keeps them (a caller cannot forge them), except that the service role (no auth.uid(), e.g. a seeding
-- script) may name who made the change.
create or replace function private.organisation_settings_before_update()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor uuid := (select auth.uid());
  changes jsonb := '{}'::jsonb;
  change jsonb;
begin
  if new.selected_regulators is distinct from old.selected_regulators then
    changes := changes || jsonb_build_object('regulators', jsonb_build_object('from', to_jsonb(old.selected_regulators), 'to', to_jsonb(new.selected_regulators)));
  end if;
  if new.sector is distinct from old.sector then
    changes := changes || jsonb_build_object('sector', jsonb_build_object('from', old.sector, 'to', new.sector));
  end if;
  if new.review_frequency is distinct from old.review_frequency then
    changes := changes || jsonb_build_object('review_frequency', jsonb_build_object('from', old.review_frequency, 'to', new.review_frequency));
  end if;
  if new.review_reminders_default is distinct from old.review_reminders_default then
    changes := changes || jsonb_build_object('review_reminders_default', jsonb_build_object('from', old.review_reminders_default, 'to', new.review_reminders_default));
  end if;
  if actor is null and new.settings_updated_by is distinct from old.settings_updated_by then
    actor := new.settings_updated_by;
  end if;
  if changes = '{}'::jsonb then
    new.settings_version := old.settings_version;
    new.settings_updated_at := old.settings_updated_at;
    -- The one change the stamps take without a change of settings: the account of who made the last one is deleted
    -- (on delete set null); the name stays.
    if not (new.settings_updated_by is null and not exists (select 1 from auth.users u where u.id = old.settings_updated_by)) then
      new.settings_updated_by := old.settings_updated_by;
    end if;
    new.settings_updated_by_name := old.settings_updated_by_name;
    return new;
  end if;
  new.settings_version := old.settings_version + 1;
  new.settings_updated_at := now();
  new.settings_updated_by := actor;
  new.settings_updated_by_name := private.person_name(actor);
  change := jsonb_build_object('changes', changes, 'version', new.settings_version);
  insert into public.audit_events (organisation_id, assessment_id, item_id, actor_id, actor_name, at, kind, detail)
  values (new.id, null, null, actor, new.settings_updated_by_name, now(), 'settings_changed', change);
  return new;
end
$$;

create trigger organisations_settings_before_update before update on public.organisations
  for each row execute function private.organisation_settings_before_update();

-- The rules, as the wizard and the settings page check them in the browser (src/domain/organisationSettings.ts, same
-- words; tests/backend/organisationSettings.sql.test.ts compares them): at least one known regulator, a sector, a
-- review frequency. Returns the regulators in the wizard's order, without repeats.
create or replace function private.checked_settings(p_regulators jsonb, p_sector text, p_review_frequency text)
returns text[]
language plpgsql
immutable
set search_path = ''
as $$
declare
  chosen text[];
begin
  if jsonb_typeof(p_regulators) is distinct from 'array'
     or exists (select 1 from jsonb_array_elements(p_regulators) x where jsonb_typeof(x) <> 'string') then
    raise exception 'Choose regulators from CQC, Ofsted, BSR and RSH.' using errcode = '22023', hint = 'unknown_regulator';
  end if;
  if jsonb_array_length(p_regulators) = 0 then
    raise exception 'Choose at least one regulator.' using errcode = '22023', hint = 'regulators_required';
  end if;
  if exists (select 1 from jsonb_array_elements_text(p_regulators) r where r not in ('cqc', 'ofsted', 'bsr', 'rsh')) then
    raise exception 'Choose regulators from CQC, Ofsted, BSR and RSH.' using errcode = '22023', hint = 'unknown_regulator';
  end if;
  if p_sector is null or btrim(p_sector) = '' then
    raise exception 'Choose your sector.' using errcode = '22023', hint = 'sector_required';
  end if;
  if p_sector not in ('care', 'education', 'housing', 'construction') then
    raise exception 'Choose a sector from Care & Health, Education, Housing and Construction.' using errcode = '22023', hint = 'invalid_sector';
  end if;
  if p_review_frequency is null or btrim(p_review_frequency) = '' then
    raise exception 'Choose how often ratings are reviewed.' using errcode = '22023', hint = 'frequency_required';
  end if;
  if p_review_frequency not in ('daily', 'weekly', 'monthly') then
    raise exception 'Choose daily, weekly or monthly reviews.' using errcode = '22023', hint = 'invalid_frequency';
  end if;
  select array_agg(r order by array_position(array['cqc', 'ofsted', 'bsr', 'rsh'], r)) into chosen
    from (select distinct r from jsonb_array_elements_text(p_regulators) r) d;
  return chosen;
end
$$;

-- The organisation's open assessments become exactly these frameworks (as 'Run setup again' always did): a dropped
-- framework is archived with its answers, a chosen one reopens its latest archived assessment or starts on its
-- current version. The caller has locked the organisation's row.
create or replace function private.sync_organisation_assessments(p_organisation_id uuid, p_chosen text[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  f text;
  reopen uuid;
begin
  update public.assessments set archived_at = now()
   where organisation_id = p_organisation_id and archived_at is null and not (framework_id = any (p_chosen));
  foreach f in array p_chosen loop
    continue when exists (select 1 from public.assessments where organisation_id = p_organisation_id and framework_id = f and archived_at is null);
    select id into reopen from public.assessments
     where organisation_id = p_organisation_id and framework_id = f
     order by archived_at desc, created_at desc limit 1;
    if found then
      update public.assessments set archived_at = null where id = reopen;
    else
      insert into public.assessments (organisation_id, framework_id, framework_version_id)
      select p_organisation_id, f, v.id from public.framework_versions v where v.framework_id = f order by v.position desc limit 1;
    end if;
  end loop;
end
$$;

-- rpc sync_assessments keeps its contract (20261125000000) over the shared loop.
create or replace function private.sync_assessments(p_framework_ids jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  me public.memberships := private.require_member(false);
  chosen text[];
begin
  if jsonb_typeof(p_framework_ids) is distinct from 'array'
     or exists (select 1 from jsonb_array_elements(p_framework_ids) x where jsonb_typeof(x) <> 'string') then
    raise exception 'Frameworks must be a list of framework ids.' using errcode = '22023', hint = 'unknown_framework';
  end if;
  select coalesce(array_agg(distinct x), '{}') into chosen from jsonb_array_elements_text(p_framework_ids) x;
  if exists (select 1 from unnest(chosen) c where not exists (select 1 from public.frameworks fw where fw.id = c)) then
    raise exception 'Unknown framework.' using errcode = '22023', hint = 'unknown_framework';
  end if;
  perform 1 from public.organisations where id = me.organisation_id for no key update;
  perform private.sync_organisation_assessments(me.organisation_id, chosen);
  return coalesce((
    select jsonb_agg(jsonb_build_object('id', a.id, 'framework_id', a.framework_id, 'framework_version_id', a.framework_version_id,
                                        'created_at', a.created_at) order by a.framework_id)
      from public.assessments a where a.organisation_id = me.organisation_id and a.archived_at is null), '[]'::jsonb);
end
$$;

-- The settings as the settings page shows them, for a member of the organisation (role: theirs).
create or replace function private.organisation_settings_json(p_organisation_id uuid, p_role text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'organisation_id', o.id,
    'organisation_name', o.name,
    'role', p_role,
    'regulators', to_jsonb(o.selected_regulators),
    'sector', o.sector,
    'review_frequency', o.review_frequency,
    'review_reminders_default', o.review_reminders_default,
    'version', o.settings_version,
    'updated_at', o.settings_updated_at,
    'updated_by_name', o.settings_updated_by_name,
    'admins', coalesce((
      select jsonb_agg(private.person_name(m.user_id) order by m.created_at, m.user_id)
        from public.memberships m where m.organisation_id = o.id and m.role = 'admin'), '[]'::jsonb))
    from public.organisations o where o.id = p_organisation_id
$$;

create or replace function private.get_organisation_settings()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me public.memberships := private.require_member(false);
begin
  return private.organisation_settings_json(me.organisation_id, me.role);
end
$$;

-- Writes validated settings and re-syncs the assessments to the regulators' frameworks (the caller holds the lock).
create or replace function private.write_organisation_settings(
  p_organisation_id uuid, p_regulators text[], p_sector text, p_review_frequency text, p_review_reminders_default boolean
) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.organisations
     set selected_regulators = p_regulators,
         sector = p_sector,
         review_frequency = p_review_frequency,
         review_reminders_default = p_review_reminders_default
   where id = p_organisation_id;
  perform private.sync_organisation_assessments(p_organisation_id,
    array(select f.id from public.frameworks f where f.regulator = any (p_regulators) order by f.id));
end
$$;

-- The settings page's save (admins only). p_expected_version is the version the admin's page read: when another
-- admin saved since, 409 settings_conflict, "changed by <name> — review and try again", details
-- {version, changed_by, changed_at}, and nothing is written.
create or replace function private.update_organisation_settings(
  p_expected_version integer, p_regulators jsonb, p_sector text, p_review_frequency text, p_review_reminders_default boolean
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  me public.memberships := private.require_member(true);
  chosen text[] := private.checked_settings(p_regulators, p_sector, p_review_frequency);
  org public.organisations;
begin
  if p_review_reminders_default is null then
    raise exception 'Say whether members get review reminders unless they turn them off.' using errcode = '22023', hint = 'invalid_reminders_default';
  end if;
  if p_expected_version is null or p_expected_version < 0 then
    raise exception 'Say which version of the settings this change was made from.' using errcode = '22023', hint = 'invalid_version';
  end if;
  select * into org from public.organisations where id = me.organisation_id;
  if org.settings_version <> p_expected_version then
    raise exception 'changed by % — review and try again', coalesce(org.settings_updated_by_name, 'another admin')
      using errcode = 'PT409', hint = 'settings_conflict',
            detail = jsonb_build_object('version', org.settings_version, 'changed_by', org.settings_updated_by_name,
                                        'changed_at', org.settings_updated_at)::text;
  end if;
  perform private.write_organisation_settings(me.organisation_id, chosen, p_sector, p_review_frequency, p_review_reminders_default);
  return private.organisation_settings_json(me.organisation_id, me.role);
end
$$;

-- The setup wizard's save, after the person's own users row: when the person is an admin of their organisation,
-- its regulators, sector and review frequency become theirs (the reminder default is left as it is); a member's run,
-- or a person in no organisation, changes nothing ({applied: false}).
create or replace function private.apply_setup_to_organisation(p_regulators jsonb, p_sector text, p_review_frequency text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  me public.memberships;
  chosen text[];
begin
  if uid is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  select * into me from public.memberships where user_id = uid;
  if not found or me.role <> 'admin' then
    return jsonb_build_object('applied', false);
  end if;
  chosen := private.checked_settings(p_regulators, p_sector, p_review_frequency);
  -- Lock, then read the role again: an admin demoted meanwhile applies nothing.
  perform 1 from public.organisations where id = me.organisation_id for no key update;
  select * into me from public.memberships where user_id = uid;
  if not found or me.role <> 'admin' then
    return jsonb_build_object('applied', false);
  end if;
  perform private.write_organisation_settings(me.organisation_id, chosen, p_sector, p_review_frequency,
    (select o.review_reminders_default from public.organisations o where o.id = me.organisation_id));
  return jsonb_build_object('applied', true, 'settings', private.organisation_settings_json(me.organisation_id, me.role));
end
$$;

create or replace function public.get_organisation_settings() returns jsonb
language sql stable security invoker set search_path = ''
as $$ select private.get_organisation_settings() $$;

create or replace function public.update_organisation_settings(
  p_expected_version integer, p_regulators jsonb, p_sector text, p_review_frequency text, p_review_reminders_default boolean
) returns jsonb
language sql security invoker set search_path = ''
as $$ select private.update_organisation_settings(p_expected_version, p_regulators, p_sector, p_review_frequency, p_review_reminders_default) $$;

create or replace function public.apply_setup_to_organisation(p_regulators jsonb, p_sector text, p_review_frequency text) returns jsonb
language sql security invoker set search_path = ''
as $$ select private.apply_setup_to_organisation(p_regulators, p_sector, p_review_frequency) $$;

-- Reminders (20261127000000) use the organisation's review frequency, and leave out whoever does not get them: a
-- person who turned them off, or who never chose while their organisation's default is off.
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
    select i.organisation_id, i.item_id, i.rated_at, i.rated_by, o.review_frequency, fv.short_name as framework, g.name as area, fi.name as item,
           lpad(fv.position::text, 4, '0') || lpad(g.position::text, 4, '0') || lpad(fi.position::text, 4, '0') as sort_key
      from public.assessment_items i
      join public.assessments a on a.id = i.assessment_id and a.archived_at is null
      join public.organisations o on o.id = i.organisation_id
      join public.framework_versions fv on fv.id = i.framework_version_id
      join public.framework_items fi on fi.id = i.item_id
      join public.framework_groups g on g.id = fi.group_id
     where i.status in ('rated', 'reviewed') and i.rated_at is not null and o.review_frequency is not null
  ),
  entries as (
    select m.user_id, r.organisation_id, 'review' as kind, private.review_due_on(r.rated_at, r.review_frequency) as due_on,
           r.framework, r.area, r.item, null::text as title, r.sort_key
      from rated r
      join public.memberships m on m.organisation_id = r.organisation_id
     where (m.user_id = r.rated_by
            or (m.role = 'admin' and not exists (
                  select 1 from public.memberships m2 where m2.organisation_id = r.organisation_id and m2.user_id = r.rated_by)))
       and private.review_due_on(r.rated_at, r.review_frequency) <= private.uk_date(p_now)
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
  )
  select e.user_id, e.organisation_id, e.kind, e.due_on, e.framework, e.area, e.item, e.title, e.sort_key
    from entries e
    join public.organisations o on o.id = e.organisation_id
    left join public.reminder_preferences p on p.id = e.user_id
   where not coalesce(p.review_reminders_muted, not o.review_reminders_default)
$$;

-- Privileges: the new columns are written only through the functions above (no column grant: an admin's plain
-- update may still change name, sector and staff count, as before; the trigger stamps and audits a sector change).
-- The helpers run only inside the SECURITY DEFINER entry points, as their owner: no API role may call them.
revoke execute on function private.organisation_settings_before_update() from public, anon, authenticated, service_role;
revoke execute on function private.checked_settings(jsonb, text, text) from public, anon, authenticated, service_role;
revoke execute on function private.sync_organisation_assessments(uuid, text[]) from public, anon, authenticated, service_role;
revoke execute on function private.organisation_settings_json(uuid, text) from public, anon, authenticated, service_role;
revoke execute on function private.write_organisation_settings(uuid, text[], text, text, boolean) from public, anon, authenticated, service_role;
revoke execute on function private.get_organisation_settings() from public, anon;
revoke execute on function private.update_organisation_settings(integer, jsonb, text, text, boolean) from public, anon;
revoke execute on function private.apply_setup_to_organisation(jsonb, text, text) from public, anon;
revoke execute on function public.get_organisation_settings() from public, anon;
revoke execute on function public.update_organisation_settings(integer, jsonb, text, text, boolean) from public, anon;
revoke execute on function public.apply_setup_to_organisation(jsonb, text, text) from public, anon;

grant execute on function private.get_organisation_settings() to authenticated, service_role;
grant execute on function private.update_organisation_settings(integer, jsonb, text, text, boolean) to authenticated, service_role;
grant execute on function private.apply_setup_to_organisation(jsonb, text, text) to authenticated, service_role;
grant execute on function public.get_organisation_settings() to authenticated, service_role;
grant execute on function public.update_organisation_settings(integer, jsonb, text, text, boolean) to authenticated, service_role;
grant execute on function public.apply_setup_to_organisation(jsonb, text, text) to authenticated, service_role;
