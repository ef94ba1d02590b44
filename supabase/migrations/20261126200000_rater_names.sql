-- Who rated an item and who added each piece of evidence, by name, in the rows themselves (issue 29: "who rated,
-- and when, is recorded"; the inspection pack names them too).
--
-- Why columns written by triggers rather than a join: a member may read only their own row of public.users (RLS),
-- so the dashboard could not embed the rater's name, and a second request per page (or an RPC returning names)
-- would undo "the dashboard in one request". With the name in the row, the dashboard and the inspection pack stay
-- ONE embedded select under RLS: assessments?select=*,assessment_items(*,assessment_evidence(*)).
--
-- The names are the server's, never the client's: the triggers below write them from rated_by / created_by (which
-- the server stamps itself: rate_item and the evidence trigger, 20261125000000) with private.person_name (the
-- person's first and last name, else their e-mail). The API roles have no privilege on either column (a client
-- that sends one is refused, 42501), and whatever a writer with privileges (the service role) puts there is
-- overwritten. A name is what it was when the rating or evidence was made: renaming oneself later does not
-- rewrite the record (as the history keeps the ratings as they were made).

alter table public.assessment_items add column rated_by_name text;
alter table public.assessment_evidence add column created_by_name text;

-- Backfill the rows made before this migration. The tables' own triggers are switched off for it: this is not a
-- rating (no new version, no history row, no updated_at), and rows of archived assessments must be filled too.
alter table public.assessment_items disable trigger user;
alter table public.assessment_evidence disable trigger user;
update public.assessment_items set rated_by_name = private.person_name(rated_by) where rated_by is not null;
update public.assessment_evidence set created_by_name = private.person_name(created_by) where created_by is not null;
alter table public.assessment_items enable trigger user;
alter table public.assessment_evidence enable trigger user;

-- Items: the name follows rated_by. On an update that keeps the rater and the time of the rating, the recorded
-- name stays as it was (whatever the update sent); a new rating (rate_item stamps rated_by and rated_at) takes
-- the rater's name now. SECURITY DEFINER: person_name reads public.users and auth.users, which the caller cannot.
-- Runs after assessment_items_before_write (triggers of one event fire in name order).
create or replace function private.assessment_items_stamp_name()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.rated_by is null then
    new.rated_by_name := null;
  elsif tg_op = 'UPDATE' and new.rated_by = old.rated_by and new.rated_at is not distinct from old.rated_at then
    new.rated_by_name := old.rated_by_name;
  else
    new.rated_by_name := private.person_name(new.rated_by);
  end if;
  return new;
end
$$;

create trigger assessment_items_stamp_name before insert or update on public.assessment_items
  for each row execute function private.assessment_items_stamp_name();

-- Evidence: the author's name, from created_by as assessment_evidence_before_insert stamped it (that trigger fires
-- first: name order). Evidence is never edited by the API roles; an update by the service role keeps the name
-- unless it changes the author.
create or replace function private.assessment_evidence_stamp_name()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.created_by is null then
    new.created_by_name := null;
  elsif tg_op = 'UPDATE' and new.created_by = old.created_by then
    new.created_by_name := old.created_by_name;
  else
    new.created_by_name := private.person_name(new.created_by);
  end if;
  return new;
end
$$;

create trigger assessment_evidence_stamp_name before insert or update on public.assessment_evidence
  for each row execute function private.assessment_evidence_stamp_name();

revoke execute on function private.assessment_items_stamp_name() from public, anon, authenticated, service_role;
revoke execute on function private.assessment_evidence_stamp_name() from public, anon, authenticated, service_role;
