-- Removing a person keeps their work (issue 39, item 9).
--
-- Before: deleting an account that owned or verified an action failed (actions.owner_id and verified_by had no
-- on-delete rule), and so did deleting anyone who had rated an item or appears in the audit trail: the foreign keys
-- set those references to null, which the append-only guards of the history and the audit trail refuse, and which
-- counted as a new rating of every item they had rated (or failed on an archived assessment).
--
-- Now, whichever way a person goes (their account deleted: auth.users, cascading to public.users; removed by an
-- admin: remove_member; leaving, or moving to another organisation by an invitation):
--
-- - Every action they owned that is not closed is handed to an admin of the organisation: the longest-standing one
--   (the earliest membership; ties by id). The change counts as a new version and is in the audit trail as
--   'action_changed' with the new owner, the previous owner (by name) and `reason: 'owner_left'`. There is always
--   such an admin: the last admin cannot go while anyone else is in the organisation (enforce_last_admin, which an
--   account's deletion meets too), and when the organisation is left with nobody there is no one to hand work to
--   (the actions keep their owner while the account exists; see below when it does not).
-- - A closed action keeps its owner: who did the work is a record, not a task.
-- - When the account itself is deleted, every reference to it becomes null (owner of a closed action or of an
--   action of an organisation nobody belongs to, who raised or verified an action, who rated, who added evidence,
--   who made or archived an assessment, the actor of an audit event, the rater of a history row) and the name the
--   rows recorded stays: actions now store owner_name, raised_by_name and verified_by_name, the rating history
--   rated_by_name, beside the names items, evidence and the audit trail already stored (20261126200000). Nothing
--   else of those rows changes: no new version, no history row, no audit event, the time of the last change kept.
--   The append-only guards allow exactly this change and no other (private.only_departed).
--
-- The order is deterministic: a trigger before the deletion of an auth user removes their memberships first (the
-- last-admin rule refuses there, with its own sentence), so the hand-over happens while the account still exists,
-- before any foreign key acts.

-- Is this update nothing but references to deleted accounts becoming null (what ON DELETE SET NULL does)? Every
-- column but `p_refs` unchanged, at least one of `p_refs` turned null, and each that changed pointed to an account
-- that no longer exists. SECURITY DEFINER: the guards run as the caller, who cannot read auth.users.
create or replace function private.only_departed(p_old jsonb, p_new jsonb, p_refs text[])
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select (p_old - p_refs) = (p_new - p_refs)
     and exists (select 1 from unnest(p_refs) r where p_old ->> r is not null and p_new ->> r is null)
     and not exists (
       select 1 from unnest(p_refs) r
        where (p_new ->> r) is distinct from (p_old ->> r)
          and (p_new ->> r is not null or exists (select 1 from auth.users u where u.id = (p_old ->> r)::uuid))
     )
$$;

-- Actions: stored names, nullable owner (a closed action, or one of an organisation nobody belongs to, whose
-- owner's account is gone), references that let the account go.
alter table public.actions
  add column owner_name text,
  add column raised_by_name text,
  add column verified_by_name text;
alter table public.actions disable trigger user;
update public.actions
   set owner_name = private.person_name(owner_id),
       raised_by_name = private.person_name(raised_by),
       verified_by_name = private.person_name(verified_by);
alter table public.actions enable trigger user;

alter table public.actions alter column owner_id drop not null;
alter table public.actions drop constraint actions_owner_id_fkey;
alter table public.actions add constraint actions_owner_id_fkey foreign key (owner_id) references auth.users (id) on delete set null;
alter table public.actions drop constraint actions_verified_by_fkey;
alter table public.actions add constraint actions_verified_by_fkey foreign key (verified_by) references auth.users (id) on delete set null;
-- A closed action was verified by someone: their account, or the name it recorded once the account is gone.
alter table public.actions drop constraint actions_closed_is_verified;
alter table public.actions add constraint actions_closed_is_verified check (
  (status = 'closed') = (closed_at is not null)
  and (status <> 'closed' or ((verified_by is not null or verified_by_name is not null)
       and (verification_note is not null or verification_url is not null or verification_file_path is not null)))
);

-- The rating history names its rater too.
alter table public.assessment_item_history add column rated_by_name text;
alter table public.assessment_item_history disable trigger user;
update public.assessment_item_history set rated_by_name = private.person_name(rated_by) where rated_by is not null;
alter table public.assessment_item_history enable trigger user;

create or replace function private.assessment_item_history_stamp_name()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.rated_by_name := private.person_name(new.rated_by);
  return new;
end
$$;

create trigger assessment_item_history_stamp_name before insert on public.assessment_item_history
  for each row execute function private.assessment_item_history_stamp_name();

-- Actions: what holds whoever writes (20261126100000), and a departed account's references may become null. An
-- open action's owner may not be taken away otherwise.
create or replace function private.actions_before_write()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  item public.assessment_items;
begin
  if tg_op = 'INSERT' then
    select * into item from public.assessment_items i
     where i.assessment_id = new.assessment_id and i.item_id = new.item_id and i.organisation_id = new.organisation_id;
    if not found then
      raise exception 'No such item in your organisation''s assessment.' using errcode = 'PT404', hint = 'item_not_found';
    end if;
    if item.rating is null or not private.rating_below_good(item.scale_id, item.rating) then
      raise exception 'Only an item rated below good can raise an action.' using errcode = 'PT409', hint = 'not_below_good';
    end if;
    if not exists (select 1 from public.memberships m where m.user_id = new.owner_id and m.organisation_id = new.organisation_id) then
      raise exception 'The owner must be a member of your organisation.' using errcode = '22023', hint = 'owner_not_member';
    end if;
    if new.status <> 'open' then
      raise exception 'A new action starts open.' using errcode = '22023', hint = 'invalid_transition';
    end if;
    new.title := btrim(new.title);
    new.created_at := now();
    new.updated_at := now();
    new.version := 1;
    new.raised_by := coalesce((select auth.uid()), new.raised_by);
    new.done_note := null; new.rejection_reason := null; new.submitted_at := null;
    new.closed_at := null; new.verified_by := null;
    new.verification_note := null; new.verification_url := null; new.verification_file_path := null;
    return new;
  end if;

  if private.only_departed(to_jsonb(old), to_jsonb(new), array['owner_id', 'raised_by', 'verified_by']) then
    return new; -- an account deleted: nothing else changes (no version, no audit event)
  end if;
  if new.id <> old.id or new.organisation_id <> old.organisation_id or new.assessment_id <> old.assessment_id
     or new.item_id <> old.item_id then
    raise exception 'An action keeps its organisation and item.' using errcode = '22023', hint = 'action_immutable';
  end if;
  if old.status = 'closed' and new is distinct from old then
    raise exception 'This action is closed.' using errcode = 'PT409', hint = 'action_closed';
  end if;
  if new.status <> old.status and (old.status, new.status) not in (
    ('open', 'in_progress'), ('in_progress', 'awaiting_verification'),
    ('awaiting_verification', 'closed'), ('awaiting_verification', 'in_progress')
  ) then
    raise exception 'An action cannot move from % to %.', replace(old.status, '_', ' '), replace(new.status, '_', ' ')
      using errcode = 'PT409', hint = 'invalid_transition';
  end if;
  if new.owner_id is distinct from old.owner_id and (new.owner_id is null
     or not exists (select 1 from public.memberships m where m.user_id = new.owner_id and m.organisation_id = new.organisation_id)) then
    raise exception 'The owner must be a member of your organisation.' using errcode = '22023', hint = 'owner_not_member';
  end if;
  new.title := btrim(new.title);
  new.created_at := old.created_at;
  new.raised_by := old.raised_by;
  new.updated_at := now();
  new.version := old.version + 1;
  if new.status = 'awaiting_verification' and old.status <> 'awaiting_verification' then
    new.submitted_at := now();
  end if;
  if new.status = 'closed' and old.status <> 'closed' then
    new.closed_at := now();
  end if;
  return new;
end
$$;

-- An action's names, as rated_by_name is stamped (20261126200000): from the ids, by the server, whatever a writer
-- sent. A name follows its id when the id changes; it stays when the id is kept or when the account is gone (the
-- id became null). Runs after actions_before_write (triggers of one event fire in name order).
create or replace function private.actions_stamp_names()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.owner_name := private.person_name(new.owner_id);
    new.raised_by_name := private.person_name(new.raised_by);
    new.verified_by_name := private.person_name(new.verified_by);
    return new;
  end if;
  new.owner_name := case when new.owner_id is null or new.owner_id = old.owner_id then old.owner_name else private.person_name(new.owner_id) end;
  new.raised_by_name := case when new.raised_by is null or new.raised_by = old.raised_by then old.raised_by_name else private.person_name(new.raised_by) end;
  new.verified_by_name := case
    when new.verified_by is null and old.verified_by is null then null
    when new.verified_by is null or new.verified_by = old.verified_by then old.verified_by_name
    else private.person_name(new.verified_by) end;
  return new;
end
$$;

create trigger actions_stamp_names before insert or update on public.actions
  for each row execute function private.actions_stamp_names();

-- The audit trail of an action (20261126100000): an owner's change names the previous owner and says when the
-- hand-over is because they left the organisation.
create or replace function private.audit_action()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  kind text;
  detail jsonb := jsonb_build_object('action_id', new.id, 'title', new.title, 'status', new.status, 'version', new.version);
begin
  if tg_op = 'INSERT' then
    kind := 'action_raised';
    detail := detail || jsonb_build_object('owner_id', new.owner_id, 'owner_name', new.owner_name, 'due_on', new.due_on);
  elsif new.status <> old.status then
    kind := case
      when new.status = 'in_progress' and old.status = 'awaiting_verification' then 'action_rejected'
      when new.status = 'in_progress' then 'action_started'
      when new.status = 'awaiting_verification' then 'action_submitted'
      else 'action_closed' end;
    detail := detail || jsonb_build_object('from', old.status) || case kind
      when 'action_rejected' then jsonb_build_object('reason', new.rejection_reason)
      when 'action_submitted' then jsonb_build_object('done_note', new.done_note)
      when 'action_closed' then jsonb_build_object('verification_note', new.verification_note, 'verification_url', new.verification_url,
                                                   'verification_file_path', new.verification_file_path)
      else '{}'::jsonb end;
  else
    kind := 'action_changed';
    detail := detail || jsonb_strip_nulls(jsonb_build_object(
      'owner_id', case when new.owner_id is distinct from old.owner_id then new.owner_id end,
      'owner_name', case when new.owner_id is distinct from old.owner_id then new.owner_name end,
      'previous_owner_id', case when new.owner_id is distinct from old.owner_id then old.owner_id end,
      'previous_owner_name', case when new.owner_id is distinct from old.owner_id then old.owner_name end,
      'reason', case when new.owner_id is distinct from old.owner_id and not exists (
                       select 1 from public.memberships m where m.organisation_id = old.organisation_id and m.user_id = old.owner_id)
                     then 'owner_left' end,
      'due_on', case when new.due_on <> old.due_on then new.due_on end,
      'previous_title', case when new.title <> old.title then old.title end));
  end if;
  perform private.audit(new.organisation_id, new.assessment_id, new.item_id,
    coalesce((select auth.uid()), case when tg_op = 'INSERT' then new.raised_by when kind = 'action_closed' then new.verified_by end),
    kind, detail);
  return null;
end
$$;

-- An update that is no new version (only references to a deleted account became null) is no event. Said by the
-- trigger, not the function, so it holds whatever a later migration makes of private.audit_action().
drop trigger actions_audit on public.actions;
create trigger actions_audit after insert on public.actions
  for each row execute function private.audit_action();
create trigger actions_audit_changes after update on public.actions
  for each row when (new.version <> old.version) execute function private.audit_action();

-- An action as the app shows it: the owner by their name now (or, once the account is gone, as recorded); who
-- raised and who verified it as they were named then.
create or replace function private.action_json(p_action public.actions)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select to_jsonb(p_action) || jsonb_build_object(
    'owner_name', coalesce(private.person_name(p_action.owner_id), p_action.owner_name),
    'raised_by_name', coalesce(p_action.raised_by_name, private.person_name(p_action.raised_by)),
    'verified_by_name', coalesce(p_action.verified_by_name, private.person_name(p_action.verified_by)),
    'overdue', p_action.status <> 'closed' and p_action.due_on < private.uk_today(),
    'days_overdue', case when p_action.status <> 'closed' and p_action.due_on < private.uk_today()
                         then private.uk_today() - p_action.due_on else 0 end
  )
$$;

-- The append-only guards (20261125000000, 20261126100000) let exactly one change through: a deleted account's
-- reference becoming null. Nothing else of a history row or an audit event ever changes.
create or replace function private.history_append_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' and not exists (select 1 from public.organisations o where o.id = old.organisation_id) then
    return old;
  end if;
  if tg_op = 'UPDATE' and private.only_departed(to_jsonb(old), to_jsonb(new), array['rated_by']) then
    return new;
  end if;
  raise exception 'The rating history is append-only: a rating is changed by rating again.'
    using errcode = 'PT403', hint = 'history_append_only';
end
$$;

create or replace function private.audit_append_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' and not exists (select 1 from public.organisations o where o.id = old.organisation_id) then
    return old;
  end if;
  if tg_op = 'UPDATE' and private.only_departed(to_jsonb(old), to_jsonb(new), array['actor_id']) then
    return new;
  end if;
  raise exception 'The audit trail is append-only: nothing in it is changed or removed.'
    using errcode = 'PT403', hint = 'audit_append_only';
end
$$;

-- Items (20261125000000, the sentence of 20261128100000): a rater's deleted account is not a new rating.
create or replace function private.assessment_items_before_write()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    if private.only_departed(to_jsonb(old), to_jsonb(new), array['rated_by']) then
      return new; -- the rater's account deleted: no new version, no history row, no audit event
    end if;
    if new.id <> old.id or new.organisation_id <> old.organisation_id or new.assessment_id <> old.assessment_id
       or new.item_id <> old.item_id or new.framework_version_id <> old.framework_version_id then
      raise exception 'An assessed item keeps its assessment and item.' using errcode = '22023', hint = 'item_immutable';
    end if;
    if (new.status, new.rating, new.evidence_category, new.rated_by, new.rated_at, new.reviewed_at)
       is distinct from (old.status, old.rating, old.evidence_category, old.rated_by, old.rated_at, old.reviewed_at) then
      new.version := old.version + 1;
    else
      new.version := old.version;
    end if;
    new.created_at := old.created_at;
  else
    new.version := case when new.rating is null then 0 else 1 end;
  end if;
  new.updated_at := now();
  if exists (select 1 from public.assessments a where a.id = new.assessment_id and a.archived_at is not null) then
    raise exception 'This assessment is archived: reopen it to change its answers.' using errcode = 'PT409', hint = 'assessment_archived';
  end if;
  if new.rating is not null then
    if not exists (
      select 1 from public.assessment_evidence e
       where e.assessment_id = new.assessment_id and e.item_id = new.item_id and e.organisation_id = new.organisation_id
    ) then
      raise exception 'Add evidence (a note, a link or a file) before rating.'
        using errcode = '22023', hint = 'evidence_required';
    end if;
    if new.evidence_category is null
       and exists (select 1 from public.framework_evidence_categories c where c.version_id = new.framework_version_id) then
      raise exception 'Choose the category of the evidence this rating rests on.' using errcode = '22023', hint = 'evidence_category_required';
    end if;
  end if;
  return new;
end
$$;

-- The recorded names stay when the account they name is gone (20261126200000 cleared them with the id).
create or replace function private.assessment_items_stamp_name()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.rated_by is null then
    new.rated_by_name := case when tg_op = 'UPDATE' and private.only_departed(to_jsonb(old), to_jsonb(new), array['rated_by'])
                              then old.rated_by_name end;
  elsif tg_op = 'UPDATE' and new.rated_by = old.rated_by and new.rated_at is not distinct from old.rated_at then
    new.rated_by_name := old.rated_by_name;
  else
    new.rated_by_name := private.person_name(new.rated_by);
  end if;
  return new;
end
$$;

create or replace function private.assessment_evidence_stamp_name()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.created_by is null then
    new.created_by_name := case when tg_op = 'UPDATE' and private.only_departed(to_jsonb(old), to_jsonb(new), array['created_by'])
                                then old.created_by_name end;
  elsif tg_op = 'UPDATE' and new.created_by = old.created_by then
    new.created_by_name := old.created_by_name;
  else
    new.created_by_name := private.person_name(new.created_by);
  end if;
  return new;
end
$$;

-- Assessments (20261125000000): who made or archived one may have gone.
create or replace function private.assessments_before_write()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    if exists (select 1 from public.organisations o where o.id = old.organisation_id)
       and exists (select 1 from public.assessment_items i where i.assessment_id = old.id) then
      raise exception 'This assessment has answers, which are never deleted: archive it instead.'
        using errcode = 'PT409', hint = 'assessment_has_answers';
    end if;
    return old;
  end if;
  if tg_op = 'UPDATE' and private.only_departed(to_jsonb(old), to_jsonb(new), array['created_by', 'archived_by']) then
    return new;
  end if;
  if jsonb_typeof(new.conditions) is distinct from 'object' or exists (
    select 1 from jsonb_each(new.conditions) c
     where jsonb_typeof(c.value) <> 'boolean'
        or not exists (select 1 from public.framework_conditions fc where fc.version_id = new.framework_version_id and fc.key = c.key)
  ) then
    raise exception 'Conditions must be answered yes or no, and only those of this framework.'
      using errcode = '22023', hint = 'invalid_conditions';
  end if;
  if tg_op = 'INSERT' then
    new.created_by := coalesce((select auth.uid()), new.created_by);
    new.created_at := now();
    if new.archived_at is not null then
      new.archived_at := now();
      new.archived_by := coalesce((select auth.uid()), new.archived_by);
    end if;
    return new;
  end if;
  if new.id <> old.id or new.organisation_id <> old.organisation_id or new.framework_id <> old.framework_id
     or new.framework_version_id <> old.framework_version_id then
    raise exception 'An assessment keeps its organisation and the framework version it was made against.'
      using errcode = '22023', hint = 'assessment_immutable';
  end if;
  new.created_by := old.created_by;
  new.created_at := old.created_at;
  if new.archived_at is null then
    new.archived_by := null;
  elsif old.archived_at is null then
    new.archived_at := now();
    new.archived_by := (select auth.uid());
  else
    new.archived_at := old.archived_at;
    new.archived_by := old.archived_by;
  end if;
  return new;
end
$$;

-- The hand-over: a person leaves an organisation (removed, leaving, moving, or their account deleted); the actions
-- they owned there that are not closed go to its longest-standing admin. Nothing to do when the organisation itself
-- is being deleted, or when nobody is left in it.
create or replace function private.hand_over_actions()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  heir uuid;
begin
  if not exists (select 1 from public.organisations o where o.id = old.organisation_id) then
    return null;
  end if;
  select m.user_id into heir from public.memberships m
   where m.organisation_id = old.organisation_id and m.role = 'admin' and m.user_id <> old.user_id
   order by m.created_at, m.user_id
   limit 1;
  if heir is not null then
    update public.actions set owner_id = heir
     where organisation_id = old.organisation_id and owner_id = old.user_id and status <> 'closed';
  end if;
  return null;
end
$$;

create trigger memberships_hand_over_actions after delete on public.memberships
  for each row execute function private.hand_over_actions();

-- Before an account is deleted, it leaves its organisation: the last-admin rule is met first (with its own
-- sentence), the hand-over runs while the account exists, and only then do the foreign keys act.
create or replace function private.before_account_deleted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.memberships where user_id = old.id;
  return old;
end
$$;

create trigger on_auth_user_deleting before delete on auth.users
  for each row execute function private.before_account_deleted();

revoke execute on function private.only_departed(jsonb, jsonb, text[]) from public, anon;
grant execute on function private.only_departed(jsonb, jsonb, text[]) to authenticated, service_role;
revoke execute on function private.assessment_item_history_stamp_name() from public, anon, authenticated, service_role;
revoke execute on function private.actions_stamp_names() from public, anon, authenticated, service_role;
revoke execute on function private.hand_over_actions() from public, anon, authenticated, service_role;
revoke execute on function private.before_account_deleted() from public, anon, authenticated, service_role;
