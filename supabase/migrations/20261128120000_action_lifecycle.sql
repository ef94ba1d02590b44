-- The action lifecycle written once (issue 39 items 3 and 9).
--
-- The lifecycle is one table of data, src/domain/lifecycles/action.ts (statuses, steps, who takes each, labels).
-- The SQL of 20261126100000_actions_audit.sql holds the same rules (the status check, the trigger's moves, the
-- rules of move_action); tests/backend/lifecycles.sql.test.ts reads the check from the catalogue and tries every
-- step from every status, as every kind of person, and fails on any difference from the table.
--
-- Here:
--   * "overdue" is one rule, private.action_overdue (not closed, due before the UK day): the same as isOverdue in
--     the lifecycle's module, compared on the same dates by the test. The action's JSON and the overdue list use it.
--   * an admin reassigns an action (owner, due date): public.reassign_action, from the version last read (a change
--     made meanwhile is refused as a conflict, as move_action does). The owner must be a member of the
--     organisation; the due date a date, not before today in the UK unless it is the one the action has, within ten
--     years; something must change; a closed action stays as it was. The audit trigger (20261128100100) records it
--     as 'action_changed' with the new owner, the previous owner and the new due date.

-- The one overdue rule: an action that is not closed, due before p_today (a UK calendar date).
create or replace function private.action_overdue(p_status text, p_due_on date, p_today date)
returns boolean
language sql
immutable
set search_path = ''
as $$ select p_status <> 'closed' and p_due_on < p_today $$;

-- An action as the app shows it (as in 20261128100100_removing_people.sql, with the one overdue rule).
create or replace function private.action_json(p_action public.actions)
returns jsonb language sql stable security definer set search_path = '' as $$
  select to_jsonb(p_action) || jsonb_build_object(
    'owner_name', coalesce(private.person_name(p_action.owner_id), p_action.owner_name),
    'raised_by_name', coalesce(p_action.raised_by_name, private.person_name(p_action.raised_by)),
    'verified_by_name', coalesce(p_action.verified_by_name, private.person_name(p_action.verified_by)),
    'overdue', private.action_overdue(p_action.status, p_action.due_on, private.uk_today()),
    'days_overdue', case when private.action_overdue(p_action.status, p_action.due_on, private.uk_today())
                         then private.uk_today() - p_action.due_on else 0 end
  )
$$;

-- The item panel's actions and the dashboard's overdue list (as in 20261126100000, with the one overdue rule).
create or replace function private.list_actions(p_assessment_id uuid, p_item_id text, p_overdue_only boolean)
returns jsonb language plpgsql stable security definer set search_path = '' as $$
declare
  org uuid := (private.require_member(false)).organisation_id;
begin
  return (select coalesce(jsonb_agg(private.action_json(a) order by a.due_on, a.created_at, a.id), '[]'::jsonb)
            from public.actions a
           where a.organisation_id = org and (p_assessment_id is null or a.assessment_id = p_assessment_id)
             and (p_item_id is null or a.item_id = p_item_id)
             and (not coalesce(p_overdue_only, false) or private.action_overdue(a.status, a.due_on, private.uk_today())));
end
$$;

-- Who changed an action last (the newest event of its audit trail), for "changed by <name> — review and try again".
create or replace function private.action_changed_by(p_action public.actions)
returns text language sql stable security definer set search_path = '' as $$
  select coalesce(private.person_name((select e.actor_id from public.audit_events e
                                        where e.organisation_id = p_action.organisation_id and e.detail ->> 'action_id' = p_action.id::text
                                        order by e.at desc, e.id desc limit 1)), 'someone else')
$$;

-- Reassigning an action: an admin gives it another owner or due date. An RPC for the reasons raise_action is one
-- (the owner's membership and the names a member cannot read; the product's words), and so that the conflict names
-- whoever changed it meanwhile.
create or replace function private.reassign_action(p_action_id uuid, p_owner_id uuid, p_due_on date, p_expected_version integer)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  me public.memberships := private.require_member(true);
  act public.actions;
begin
  if p_expected_version is null or p_expected_version < 1 then
    raise exception 'Say which version of the action this change was made from.' using errcode = '22023', hint = 'invalid_version';
  end if;
  select * into act from public.actions where id = p_action_id and organisation_id = me.organisation_id for update;
  if not found then
    raise exception 'No such action in your organisation.' using errcode = 'PT404', hint = 'action_not_found';
  end if;
  if act.version <> p_expected_version then
    raise exception 'changed by % — review and try again', private.action_changed_by(act)
      using errcode = 'PT409', hint = 'action_conflict',
            detail = jsonb_build_object('version', act.version, 'status', act.status, 'changed_at', act.updated_at)::text;
  end if;
  if act.status = 'closed' then
    raise exception 'This action is closed.' using errcode = 'PT409', hint = 'action_closed';
  end if;
  -- An owner who is not a member is refused by the trigger on actions (owner_not_member), whoever writes.
  if p_owner_id is null then
    raise exception 'The owner must be a member of your organisation.' using errcode = '22023', hint = 'owner_not_member';
  end if;
  if p_due_on is null then
    raise exception 'Choose a due date.' using errcode = '22023', hint = 'invalid_due_date';
  end if;
  if p_due_on <> act.due_on and p_due_on < private.uk_today() then
    raise exception 'The due date cannot be in the past.' using errcode = '22023', hint = 'due_in_past';
  end if;
  if p_due_on <> act.due_on and p_due_on > private.uk_today() + 3660 then
    raise exception 'The due date must be within ten years.' using errcode = '22023', hint = 'invalid_due_date';
  end if;
  if p_owner_id = act.owner_id and p_due_on = act.due_on then
    raise exception 'Nothing to change: choose another owner or due date.' using errcode = '22023', hint = 'nothing_changed';
  end if;
  update public.actions set owner_id = p_owner_id, due_on = p_due_on where id = act.id returning * into act;
  return private.action_json(act);
end
$$;

create or replace function public.reassign_action(p_action_id uuid, p_owner_id uuid, p_due_on date, p_expected_version integer)
returns jsonb
language sql security invoker set search_path = ''
as $$ select private.reassign_action(p_action_id, p_owner_id, p_due_on, p_expected_version) $$;

revoke execute on function private.action_overdue(text, date, date) from public, anon, authenticated, service_role;
revoke execute on function private.action_json(public.actions) from public, anon, authenticated, service_role;
revoke execute on function private.list_actions(uuid, text, boolean) from public, anon, authenticated, service_role;
revoke execute on function private.action_changed_by(public.actions) from public, anon, authenticated, service_role;
revoke execute on function private.reassign_action(uuid, uuid, date, integer) from public, anon, authenticated, service_role;
revoke execute on function public.reassign_action(uuid, uuid, date, integer) from public, anon;
grant execute on function private.list_actions(uuid, text, boolean) to authenticated, service_role;
grant execute on function private.reassign_action(uuid, uuid, date, integer) to authenticated, service_role;
grant execute on function public.reassign_action(uuid, uuid, date, integer) to authenticated, service_role;
