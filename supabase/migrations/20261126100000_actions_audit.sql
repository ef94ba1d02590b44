-- Actions and the audit trail (issue 30, items 2 and 4).
--
-- Actions: an item rated below "good" (a point of its scale with below_good: CQC 1–2; Ofsted urgent improvement,
-- needs attention, safeguarding not met; our compliance scale's partly and not compliant) can raise an action with
-- an owner (a member of the organisation) and a due date. Its life:
--
--   open --start--> in_progress --submit (what was done)--> awaiting_verification --verify (evidence)--> closed
--                        ^                                          |
--                        +------------ reject (the reason) ---------+
--
-- Who: the owner or an admin starts and submits. A reviewer who is not the owner verifies or rejects; when the
-- organisation has a single member (its admin), that admin reviews their own action ("the admin when alone").
-- Closing needs verification evidence: a note or a link now; `verification_file_path` is the extension point for
-- a file in Storage (issue 30 item 1), counted as evidence by the same check.
--
-- Every change goes through an RPC (raise_action, move_action): no API role may write `actions` directly. The
-- trigger on `actions` holds the rules that hold whoever writes (the service role too): the item must be rated
-- below good, the owner a member, the status moves only along the graph above, a closed action has its reviewer
-- and evidence. `version` counts changes: each move names the version it was made from and is refused (409,
-- 'action_conflict') when another change came first.
--
-- Due dates: a new action's due date may not be in the past (UK calendar, Europe/London): raise_action refuses
-- it ('due_in_past'); today is allowed. The table itself accepts any date (the service role and tests may record
-- an action that is already overdue). An action is overdue when it is not closed and its due date is before
-- today in the UK (private.uk_today()).
--
-- Audit trail: public.audit_events, one row per rating or review, evidence added or removed, action raised or
-- changed: who (id and the name they had then), when, what (kind, detail). Written only by the triggers below
-- (SECURITY DEFINER); members of the organisation may read it; no API role may insert, update or delete, and a
-- trigger refuses updates and deletes whoever asks (only the cascade of an organisation's deletion removes rows).

create or replace function private.uk_today()
returns date
language sql
stable
set search_path = ''
as $$ select (now() at time zone 'Europe/London')::date $$;

create table public.actions (
  id uuid primary key default gen_random_uuid(),
  organisation_id uuid not null references public.organisations (id) on delete cascade,
  assessment_id uuid not null,
  item_id text not null,
  title text not null check (char_length(btrim(title)) between 1 and 200),
  owner_id uuid not null references auth.users (id),
  due_on date not null,
  status text not null default 'open' check (status in ('open', 'in_progress', 'awaiting_verification', 'closed')),
  raised_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- What the owner says was done (submit), and the reviewer's reason when a verification is rejected.
  done_note text check (done_note is null or char_length(btrim(done_note)) between 1 and 4000),
  rejection_reason text check (rejection_reason is null or char_length(btrim(rejection_reason)) between 1 and 4000),
  submitted_at timestamptz,
  -- The verification: who, when, and its evidence (a note, a link, or later a file in Storage).
  closed_at timestamptz,
  verified_by uuid references auth.users (id),
  verification_note text check (verification_note is null or char_length(btrim(verification_note)) between 1 and 4000),
  verification_url text check (verification_url is null or (char_length(verification_url) <= 2000 and verification_url ~ '^https?://[^[:space:]]+$')),
  verification_file_path text,
  version integer not null default 1 check (version >= 1),
  constraint actions_item_fkey foreign key (assessment_id, item_id, organisation_id)
    references public.assessment_items (assessment_id, item_id, organisation_id) on delete cascade,
  constraint actions_closed_is_verified check (
    (status = 'closed') = (closed_at is not null)
    and (status <> 'closed' or (verified_by is not null
         and (verification_note is not null or verification_url is not null or verification_file_path is not null)))
  ),
  constraint actions_submitted_has_note check (status not in ('awaiting_verification', 'closed') or done_note is not null)
);
create index actions_item_idx on public.actions (assessment_id, item_id, organisation_id, created_at);
create index actions_organisation_due_idx on public.actions (organisation_id, due_on) where status <> 'closed';
create index actions_owner_idx on public.actions (owner_id);
create index actions_raised_by_idx on public.actions (raised_by);
create index actions_verified_by_idx on public.actions (verified_by);

create table public.audit_events (
  id bigint generated by default as identity primary key,
  organisation_id uuid not null references public.organisations (id) on delete cascade,
  assessment_id uuid not null,
  item_id text not null,
  actor_id uuid references auth.users (id) on delete set null,
  actor_name text,
  at timestamptz not null default now(),
  kind text not null check (kind in (
    'rated', 'reviewed', 'evidence_added', 'evidence_removed',
    'action_raised', 'action_started', 'action_submitted', 'action_closed', 'action_rejected', 'action_changed'
  )),
  detail jsonb not null default '{}'::jsonb check (jsonb_typeof(detail) = 'object')
);
create index audit_events_item_idx on public.audit_events (organisation_id, assessment_id, item_id, at desc, id desc);
create index audit_events_actor_idx on public.audit_events (actor_id);

-- Is this rating below good on its scale?
create or replace function private.rating_below_good(p_scale_id text, p_rating text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce((select sp.below_good from public.framework_scale_points sp where sp.scale_id = p_scale_id and sp.value = p_rating), false)
$$;

-- Actions: what holds whoever writes.
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
  if new.owner_id <> old.owner_id
     and not exists (select 1 from public.memberships m where m.user_id = new.owner_id and m.organisation_id = new.organisation_id) then
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

create trigger actions_before_write before insert or update on public.actions
  for each row execute function private.actions_before_write();

-- The audit trail.

create or replace function private.audit(
  p_organisation_id uuid, p_assessment_id uuid, p_item_id text, p_actor uuid, p_kind text, p_detail jsonb
) returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.audit_events (organisation_id, assessment_id, item_id, actor_id, actor_name, at, kind, detail)
  select p_organisation_id, p_assessment_id, p_item_id, p_actor, private.person_name(p_actor), now(), p_kind, p_detail
   where exists (select 1 from public.organisations o where o.id = p_organisation_id)
$$;

create or replace function private.audit_item_rating()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.rating is not null and (tg_op = 'INSERT' or new.version <> old.version) then
    perform private.audit(new.organisation_id, new.assessment_id, new.item_id, coalesce((select auth.uid()), new.rated_by),
      case when new.status = 'reviewed' and (tg_op = 'INSERT' or new.reviewed_at is distinct from old.reviewed_at) then 'reviewed' else 'rated' end,
      jsonb_build_object(
        'rating', new.rating,
        'label', (select sp.label from public.framework_scale_points sp where sp.scale_id = new.scale_id and sp.value = new.rating),
        'previous_rating', case when tg_op = 'UPDATE' then old.rating end,
        'evidence_category', new.evidence_category,
        'version', new.version));
  end if;
  return null;
end
$$;

create trigger assessment_items_audit after insert or update on public.assessment_items
  for each row execute function private.audit_item_rating();

create or replace function private.audit_evidence()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  e public.assessment_evidence := case when tg_op = 'DELETE' then old else new end;
begin
  perform private.audit(e.organisation_id, e.assessment_id, e.item_id,
    coalesce((select auth.uid()), case when tg_op = 'INSERT' then e.created_by end),
    case when tg_op = 'DELETE' then 'evidence_removed' else 'evidence_added' end,
    jsonb_build_object('evidence_id', e.id, 'kind', e.kind, 'note', e.note, 'url', e.url));
  return null;
end
$$;

create trigger assessment_evidence_audit after insert or delete on public.assessment_evidence
  for each row execute function private.audit_evidence();

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
    detail := detail || jsonb_build_object('owner_id', new.owner_id, 'owner_name', private.person_name(new.owner_id), 'due_on', new.due_on);
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
      'owner_id', case when new.owner_id <> old.owner_id then new.owner_id end,
      'owner_name', case when new.owner_id <> old.owner_id then private.person_name(new.owner_id) end,
      'due_on', case when new.due_on <> old.due_on then new.due_on end,
      'previous_title', case when new.title <> old.title then old.title end));
  end if;
  perform private.audit(new.organisation_id, new.assessment_id, new.item_id,
    coalesce((select auth.uid()), case when tg_op = 'INSERT' then new.raised_by when kind = 'action_closed' then new.verified_by end),
    kind, detail);
  return null;
end
$$;

create trigger actions_audit after insert or update on public.actions
  for each row execute function private.audit_action();

create or replace function private.audit_append_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' and not exists (select 1 from public.organisations o where o.id = old.organisation_id) then
    return old;
  end if;
  raise exception 'The audit trail is append-only: nothing in it is changed or removed.'
    using errcode = 'PT403', hint = 'audit_append_only';
end
$$;

create trigger audit_events_append_only before update or delete on public.audit_events
  for each row execute function private.audit_append_only();

-- JSON of an action as the app shows it (names a member cannot read from users themselves).
create or replace function private.action_json(p_action public.actions)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select to_jsonb(p_action) || jsonb_build_object(
    'owner_name', private.person_name(p_action.owner_id),
    'raised_by_name', private.person_name(p_action.raised_by),
    'verified_by_name', private.person_name(p_action.verified_by),
    'overdue', p_action.status <> 'closed' and p_action.due_on < private.uk_today(),
    'days_overdue', case when p_action.status <> 'closed' and p_action.due_on < private.uk_today()
                         then private.uk_today() - p_action.due_on else 0 end
  )
$$;

-- Raising an action. An RPC because the rules need what a member cannot read (the owner's membership, names) and
-- say so in the product's words; the trigger checks the item and the owner again whoever writes.
create or replace function private.raise_action(
  p_assessment_id uuid, p_item_id text, p_title text, p_owner_id uuid, p_due_on date
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  me public.memberships := private.require_member(false);
  a public.assessments;
  item public.assessment_items;
  act public.actions;
begin
  select * into a from public.assessments where id = p_assessment_id and organisation_id = me.organisation_id;
  if not found then
    raise exception 'No such assessment in your organisation.' using errcode = 'PT404', hint = 'assessment_not_found';
  end if;
  if a.archived_at is not null then
    raise exception 'This assessment is archived: reopen it to raise an action.' using errcode = 'PT409', hint = 'assessment_archived';
  end if;
  select * into item from public.assessment_items where assessment_id = a.id and item_id = p_item_id;
  if not found or item.rating is null then
    raise exception 'Rate this item first: only an item rated below good can raise an action.' using errcode = 'PT409', hint = 'not_below_good';
  end if;
  if not private.rating_below_good(item.scale_id, item.rating) then
    raise exception 'Only an item rated below good can raise an action.' using errcode = 'PT409', hint = 'not_below_good';
  end if;
  if p_title is null or char_length(btrim(p_title)) not between 1 and 200 then
    raise exception 'Say what is to be done, in at most 200 characters.' using errcode = '22023', hint = 'invalid_title';
  end if;
  if p_owner_id is null or not exists (select 1 from public.memberships m where m.user_id = p_owner_id and m.organisation_id = me.organisation_id) then
    raise exception 'The owner must be a member of your organisation.' using errcode = '22023', hint = 'owner_not_member';
  end if;
  if p_due_on is null then
    raise exception 'Choose a due date.' using errcode = '22023', hint = 'invalid_due_date';
  end if;
  if p_due_on < private.uk_today() then
    raise exception 'The due date cannot be in the past.' using errcode = '22023', hint = 'due_in_past';
  end if;
  if p_due_on > private.uk_today() + 3660 then
    raise exception 'The due date must be within ten years.' using errcode = '22023', hint = 'invalid_due_date';
  end if;
  insert into public.actions (organisation_id, assessment_id, item_id, title, owner_id, due_on, raised_by)
  values (me.organisation_id, a.id, p_item_id, p_title, p_owner_id, p_due_on, me.user_id)
  returning * into act;
  return private.action_json(act);
end
$$;

-- Moving an action along its life: p_step 'start' | 'submit' | 'verify' | 'reject'. p_note: what was done
-- (submit), the verification note (verify) or the reason (reject); p_url: a link as verification evidence.
create or replace function private.move_action(
  p_action_id uuid, p_step text, p_expected_version integer, p_note text, p_url text
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  me public.memberships := private.require_member(false);
  act public.actions;
  note text := nullif(btrim(coalesce(p_note, '')), '');
  url text := nullif(btrim(coalesce(p_url, '')), '');
  alone boolean;
begin
  if p_step is null or p_step not in ('start', 'submit', 'verify', 'reject') then
    raise exception 'Unknown step: start, submit, verify or reject.' using errcode = '22023', hint = 'invalid_step';
  end if;
  if p_expected_version is null or p_expected_version < 1 then
    raise exception 'Say which version of the action this change was made from.' using errcode = '22023', hint = 'invalid_version';
  end if;
  select * into act from public.actions where id = p_action_id and organisation_id = me.organisation_id for update;
  if not found then
    raise exception 'No such action in your organisation.' using errcode = 'PT404', hint = 'action_not_found';
  end if;
  if act.version <> p_expected_version then
    raise exception 'changed by % — review and try again',
      coalesce(private.person_name((select e.actor_id from public.audit_events e
                                     where e.organisation_id = act.organisation_id and e.detail ->> 'action_id' = act.id::text
                                     order by e.at desc, e.id desc limit 1)), 'someone else')
      using errcode = 'PT409', hint = 'action_conflict',
            detail = jsonb_build_object('version', act.version, 'status', act.status, 'changed_at', act.updated_at)::text;
  end if;
  if act.status = 'closed' then
    raise exception 'This action is closed.' using errcode = 'PT409', hint = 'action_closed';
  end if;
  if (p_step = 'start' and act.status <> 'open')
     or (p_step = 'submit' and act.status <> 'in_progress')
     or (p_step in ('verify', 'reject') and act.status <> 'awaiting_verification') then
    raise exception 'This action is %: it cannot be %.', replace(act.status, '_', ' '),
      case p_step when 'start' then 'started' when 'submit' then 'sent for verification' when 'verify' then 'verified' else 'rejected' end
      using errcode = 'PT409', hint = 'invalid_transition';
  end if;
  if note is not null and char_length(note) > 4000 then
    raise exception 'A note is at most 4,000 characters.' using errcode = '22023', hint = 'invalid_note';
  end if;

  if p_step in ('start', 'submit') then
    if me.user_id <> act.owner_id and me.role <> 'admin' then
      raise exception 'Only the action''s owner or an admin can do this.' using errcode = 'PT403', hint = 'not_owner';
    end if;
    if p_step = 'start' then
      update public.actions set status = 'in_progress' where id = act.id returning * into act;
    else
      if note is null then
        raise exception 'Say what was done before sending it for verification.' using errcode = '22023', hint = 'done_note_required';
      end if;
      update public.actions set status = 'awaiting_verification', done_note = note, rejection_reason = null
       where id = act.id returning * into act;
    end if;
  else
    alone := (select count(*) from public.memberships m where m.organisation_id = act.organisation_id) = 1;
    if me.user_id = act.owner_id and not (alone and me.role = 'admin') then
      raise exception 'Someone other than the owner must review this action.' using errcode = 'PT403', hint = 'reviewer_is_owner';
    end if;
    if p_step = 'verify' then
      if url is not null and (char_length(url) > 2000 or url !~ '^https?://[^[:space:]]+$') then
        raise exception 'The link must start with http:// or https://.' using errcode = '22023', hint = 'invalid_url';
      end if;
      if note is null and url is null then
        raise exception 'Closing needs verification evidence: a note or a link.' using errcode = '22023', hint = 'verification_evidence_required';
      end if;
      update public.actions
         set status = 'closed', verified_by = me.user_id, verification_note = note, verification_url = url
       where id = act.id returning * into act;
    else
      if note is null then
        raise exception 'Say why the fix is not verified.' using errcode = '22023', hint = 'rejection_reason_required';
      end if;
      update public.actions set status = 'in_progress', rejection_reason = note where id = act.id returning * into act;
    end if;
  end if;
  return private.action_json(act);
end
$$;

-- The item panel's actions and the dashboard's overdue list, with names.
create or replace function private.list_actions(p_assessment_id uuid, p_item_id text, p_overdue_only boolean)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me public.memberships := private.require_member(false);
begin
  return coalesce((
    select jsonb_agg(private.action_json(a) order by a.due_on, a.created_at, a.id)
      from public.actions a
     where a.organisation_id = me.organisation_id
       and (p_assessment_id is null or a.assessment_id = p_assessment_id)
       and (p_item_id is null or a.item_id = p_item_id)
       and (not coalesce(p_overdue_only, false) or (a.status <> 'closed' and a.due_on < private.uk_today()))
  ), '[]'::jsonb);
end
$$;

create or replace function public.raise_action(
  p_assessment_id uuid, p_item_id text, p_title text, p_owner_id uuid, p_due_on date
) returns jsonb
language sql security invoker set search_path = ''
as $$ select private.raise_action(p_assessment_id, p_item_id, p_title, p_owner_id, p_due_on) $$;

create or replace function public.move_action(
  p_action_id uuid, p_step text, p_expected_version integer, p_note text default null, p_url text default null
) returns jsonb
language sql security invoker set search_path = ''
as $$ select private.move_action(p_action_id, p_step, p_expected_version, p_note, p_url) $$;

create or replace function public.list_actions(
  p_assessment_id uuid default null, p_item_id text default null, p_overdue_only boolean default false
) returns jsonb
language sql stable security invoker set search_path = ''
as $$ select private.list_actions(p_assessment_id, p_item_id, p_overdue_only) $$;

-- Privileges and row-level security: members read; nobody but the owner role (through the functions above)
-- writes.
alter table public.actions enable row level security;
alter table public.audit_events enable row level security;

revoke all on public.actions, public.audit_events from public, anon, authenticated;
revoke all on public.audit_events from service_role;
grant all on public.actions to service_role;
grant select on public.audit_events to service_role;
grant select on public.actions, public.audit_events to authenticated;

create policy actions_select_member on public.actions for select to authenticated
  using (organisation_id in (select private.member_organisation_ids()));
create policy audit_events_select_member on public.audit_events for select to authenticated
  using (organisation_id in (select private.member_organisation_ids()));

revoke execute on function private.uk_today() from public, anon;
revoke execute on function private.rating_below_good(text, text) from public, anon;
revoke execute on function private.actions_before_write() from public, anon, authenticated, service_role;
revoke execute on function private.audit(uuid, uuid, text, uuid, text, jsonb) from public, anon, authenticated, service_role;
revoke execute on function private.audit_item_rating() from public, anon, authenticated, service_role;
revoke execute on function private.audit_evidence() from public, anon, authenticated, service_role;
revoke execute on function private.audit_action() from public, anon, authenticated, service_role;
revoke execute on function private.audit_append_only() from public, anon, authenticated, service_role;
revoke execute on function private.action_json(public.actions) from public, anon, authenticated, service_role;
revoke execute on function private.raise_action(uuid, text, text, uuid, date) from public, anon, authenticated, service_role;
revoke execute on function private.move_action(uuid, text, integer, text, text) from public, anon, authenticated, service_role;
revoke execute on function private.list_actions(uuid, text, boolean) from public, anon, authenticated, service_role;
revoke execute on function public.raise_action(uuid, text, text, uuid, date) from public, anon;
revoke execute on function public.move_action(uuid, text, integer, text, text) from public, anon;
revoke execute on function public.list_actions(uuid, text, boolean) from public, anon;

grant execute on function private.uk_today() to authenticated, service_role;
grant execute on function private.rating_below_good(text, text) to authenticated, service_role;
grant execute on function public.raise_action(uuid, text, text, uuid, date) to authenticated, service_role;
grant execute on function public.move_action(uuid, text, integer, text, text) to authenticated, service_role;
grant execute on function public.list_actions(uuid, text, boolean) to authenticated, service_role;
grant execute on function private.raise_action(uuid, text, text, uuid, date) to authenticated, service_role;
grant execute on function private.move_action(uuid, text, integer, text, text) to authenticated, service_role;
grant execute on function private.list_actions(uuid, text, boolean) to authenticated, service_role;
