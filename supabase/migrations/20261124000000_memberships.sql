-- The organisation as a team (issue 28): memberships, invitations, seats, and the fence every organisation-owned
-- table sits behind. memberships is the source of truth for who belongs to which organisation and with which
-- role; public.users.organisation_id and access_role stay as read-only mirrors kept by a trigger, so everything
-- that read them before still works.
--
-- One organisation per person for now (unique index on memberships.user_id): the signed-in product has no
-- organisation switcher, and removing a member revokes that person's sessions, which is right only when the
-- person has one organisation. The table is many-to-many in shape, so allowing several later means dropping
-- that index and adding a switcher; the policies below need no change.
--
-- The fence (docs/backend.md, "Organisation-owned tables"): every organisation-owned table has organisation_id
-- and policies of the form `organisation_id in (select private.member_organisation_ids())`. The helper is
-- SECURITY DEFINER in the unexposed schema `private` (PostgREST serves only `public`), reads memberships live
-- (so a removed member's very next request is refused) and calls auth.uid() in the `(select auth.uid())` form,
-- evaluated once per statement.

create schema if not exists private;
revoke all on schema private from public;
-- The API roles may run the helpers their policies and the public RPC wrappers call; nothing in `private` is
-- reachable over HTTP, and no table in it is granted to them.
grant usage on schema private to anon, authenticated, service_role;

create table public.memberships (
  organisation_id uuid not null references public.organisations (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null check (role in ('admin', 'member')),
  invited_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (organisation_id, user_id)
);
create unique index memberships_one_organisation_per_user on public.memberships (user_id);
create index memberships_invited_by_idx on public.memberships (invited_by);

create table public.invitations (
  id uuid primary key default gen_random_uuid(),
  organisation_id uuid not null references public.organisations (id) on delete cascade,
  email text not null check (
    email = lower(btrim(email)) and char_length(email) between 3 and 320 and email ~ '^[^@[:space:]]+@[^@[:space:]]+$'
  ),
  role text not null default 'member' check (role in ('admin', 'member')),
  invited_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '7 days',
  last_sent_at timestamptz not null default now(),
  send_count integer not null default 1 check (send_count >= 1),
  accepted_at timestamptz,
  accepted_by uuid references auth.users (id) on delete set null,
  revoked_at timestamptz,
  revoked_by uuid references auth.users (id) on delete set null,
  constraint invitations_closed_once check (accepted_at is null or revoked_at is null)
);
create index invitations_organisation_idx on public.invitations (organisation_id, created_at desc);
create index invitations_open_email_idx on public.invitations (email) where accepted_at is null and revoked_at is null;
create index invitations_invited_by_idx on public.invitations (invited_by);
create index invitations_accepted_by_idx on public.invitations (accepted_by);
create index invitations_revoked_by_idx on public.invitations (revoked_by);

-- The token itself is never stored: only its SHA-256, in a table no API role can read (not even the
-- organisation's admins, who can read their invitations).
create table private.invitation_tokens (
  invitation_id uuid primary key references public.invitations (id) on delete cascade,
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now()
);
revoke all on private.invitation_tokens from public, anon, authenticated, service_role;

-- Invitation e-mails go through the outbox like referrals (retries included); the rate limit counts them.
alter table public.mail_outbox add column if not exists invitation_id uuid references public.invitations (id) on delete cascade;
create index if not exists mail_outbox_invitation_idx on public.mail_outbox (invitation_id, created_at) where invitation_id is not null;

-- Today's organisations keep their people: every profile linked to an organisation becomes a membership
-- (before the triggers below exist, so nothing is counted or mirrored twice).
insert into public.memberships (organisation_id, user_id, role, created_at)
select u.organisation_id, u.id, coalesce(u.access_role, 'admin'), u.created_at
  from public.users u
 where u.organisation_id is not null
on conflict do nothing;

-- Helpers. SECURITY DEFINER so a policy on memberships can read memberships without recursing into its own
-- policy; STABLE; `set search_path = ''` with every name qualified.
create or replace function private.member_organisation_ids()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select m.organisation_id from public.memberships m where m.user_id = (select auth.uid())
$$;

create or replace function private.admin_organisation_ids()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select m.organisation_id from public.memberships m where m.user_id = (select auth.uid()) and m.role = 'admin'
$$;

-- Seats per plan: free 3 (members plus pending invitations), bos unlimited (null).
create or replace function private.seat_limit(p_plan text)
returns integer
language sql
immutable
set search_path = ''
as $$
  select case p_plan when 'free' then 3 end
$$;

create or replace function private.seats_used(p_organisation_id uuid)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select (select count(*) from public.memberships m where m.organisation_id = p_organisation_id)::integer
       + (select count(*) from public.invitations i
           where i.organisation_id = p_organisation_id and i.accepted_at is null and i.revoked_at is null
             and i.expires_at > now())::integer
$$;

create or replace function private.invitation_status(p_invitation public.invitations)
returns text
language sql
stable
set search_path = ''
as $$
  select case
    when p_invitation.accepted_at is not null then 'accepted'
    when p_invitation.revoked_at is not null then 'revoked'
    when p_invitation.expires_at <= now() then 'expired'
    else 'pending'
  end
$$;

-- Seats, race-safe: every change that makes a seat taken (a new member, a new or renewed pending invitation)
-- first locks the organisation's row, so concurrent ones queue, and each counts in a statement of its own that
-- sees what the one before it committed. Ten concurrent invitations for the last seat leave exactly one.
create or replace function private.enforce_seat_limit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  org public.organisations;
  cap integer;
  used integer;
begin
  if tg_table_name = 'invitations' then
    -- Only a pending invitation holds a seat; one that already held it keeps it.
    if new.accepted_at is not null or new.revoked_at is not null or new.expires_at <= now() then
      return new;
    end if;
    if tg_op = 'UPDATE' and old.organisation_id = new.organisation_id and old.accepted_at is null
       and old.revoked_at is null and old.expires_at > now() then
      return new;
    end if;
  end if;

  select * into org from public.organisations where id = new.organisation_id for no key update;
  if not found then
    return new; -- the foreign key reports the missing organisation
  end if;

  if tg_table_name = 'invitations' then
    if exists (
      select 1 from public.invitations i
       where i.organisation_id = new.organisation_id and i.email = new.email and i.id <> new.id
         and i.accepted_at is null and i.revoked_at is null and i.expires_at > now()
    ) then
      raise exception '% already has a pending invitation to %; resend it instead.', new.email, org.name
        using errcode = 'PT409', hint = 'already_invited';
    end if;
    if exists (
      select 1 from public.memberships m join auth.users au on au.id = m.user_id
       where m.organisation_id = new.organisation_id and lower(au.email) = new.email
    ) then
      raise exception '% is already a member of %.', new.email, org.name using errcode = 'PT409', hint = 'already_member';
    end if;
  end if;

  cap := private.seat_limit(org.plan);
  if cap is null then
    return new;
  end if;
  -- The row itself is not counted: a new membership is not there yet, an invitation is left out by id (read
  -- through to_jsonb, since a membership row has no id field).
  select (select count(*) from public.memberships m where m.organisation_id = new.organisation_id)
       + (select count(*) from public.invitations i
           where i.organisation_id = new.organisation_id and i.accepted_at is null and i.revoked_at is null
             and i.expires_at > now() and i.id is distinct from (to_jsonb(new) ->> 'id')::uuid)
    into used;
  if used >= cap then
    raise exception 'All % seats of the free plan are taken (members plus pending invitations). Revoke a pending invitation or remove a member to free one. We''ll enable the paid plan for eligible accounts.', cap
      using errcode = 'PT402', hint = 'seat_limit_reached',
            detail = format('{"seats": %s, "used": %s}', cap, used);
  end if;
  return new;
end
$$;

create trigger invitations_enforce_seat_limit before insert or update on public.invitations
  for each row execute function private.enforce_seat_limit();
create trigger memberships_enforce_seat_limit before insert on public.memberships
  for each row execute function private.enforce_seat_limit();

-- The last admin can neither leave nor be demoted (nor be removed) while anyone else is in the organisation,
-- whatever the path (RPC, service role, cascade from a deleted account). Locked like the seats, so two admins
-- demoting each other at once cannot both succeed. A sole member may leave: nobody is left without an admin.
create or replace function private.enforce_last_admin()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  org_name text;
begin
  if old.role <> 'admin' or (tg_op = 'UPDATE' and new.role = 'admin' and new.organisation_id = old.organisation_id) then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  select o.name into org_name from public.organisations o where o.id = old.organisation_id for no key update;
  if not found then
    return case when tg_op = 'DELETE' then old else new end; -- the organisation itself is being deleted
  end if;
  if not exists (
    select 1 from public.memberships m
     where m.organisation_id = old.organisation_id and m.role = 'admin' and m.user_id <> old.user_id
  ) and (
    tg_op = 'UPDATE'
    or exists (select 1 from public.memberships m where m.organisation_id = old.organisation_id and m.user_id <> old.user_id)
  ) then
    raise exception '% needs at least one admin: make another member an admin first.', org_name
      using errcode = 'PT409', hint = 'last_admin';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end
$$;

create trigger memberships_enforce_last_admin before update or delete on public.memberships
  for each row execute function private.enforce_last_admin();

-- public.users.organisation_id / access_role mirror memberships (read-only for users: no column grant).
create or replace function private.mirror_membership()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    update public.users set organisation_id = null, access_role = null
     where id = old.user_id and organisation_id = old.organisation_id;
    return old;
  end if;
  update public.users set organisation_id = new.organisation_id, access_role = new.role
   where id = new.user_id and (organisation_id is distinct from new.organisation_id or access_role is distinct from new.role);
  return new;
end
$$;

create trigger memberships_mirror_to_users after insert or update or delete on public.memberships
  for each row execute function private.mirror_membership();
create trigger memberships_touch_updated_at before update on public.memberships
  for each row execute function public.touch_updated_at();

-- Privileges and row-level security. Writes to memberships and invitations go through the RPCs of the next
-- migration (each keeps an invariant across rows: seats, the last admin, session revocation, token hashing).
alter table public.memberships enable row level security;
alter table public.invitations enable row level security;
revoke all on public.memberships, public.invitations from public, anon, authenticated;
grant all on public.memberships, public.invitations to service_role;
grant select on public.memberships, public.invitations to authenticated;

create policy memberships_select_member on public.memberships for select to authenticated
  using (organisation_id in (select private.member_organisation_ids()));
create policy invitations_select_member on public.invitations for select to authenticated
  using (organisation_id in (select private.member_organisation_ids()));

-- Organisations: members read their own; admins change its settings (name, sector, staff count; never the plan).
drop policy if exists organisations_select_member on public.organisations;
create policy organisations_select_member on public.organisations for select to authenticated
  using (id in (select private.member_organisation_ids()));
grant update (name, sector, staff_count) on public.organisations to authenticated;
create policy organisations_update_admin on public.organisations for update to authenticated
  using (id in (select private.admin_organisation_ids()))
  with check (id in (select private.admin_organisation_ids()));

revoke execute on function private.member_organisation_ids() from public;
revoke execute on function private.admin_organisation_ids() from public;
revoke execute on function private.seat_limit(text) from public;
revoke execute on function private.seats_used(uuid) from public;
revoke execute on function private.invitation_status(public.invitations) from public;
revoke execute on function private.enforce_seat_limit() from public;
revoke execute on function private.enforce_last_admin() from public;
revoke execute on function private.mirror_membership() from public;
grant execute on function private.member_organisation_ids() to authenticated, service_role;
grant execute on function private.admin_organisation_ids() to authenticated, service_role;

-- A trigger function is no RPC: the first migration left touch_updated_at() executable by the API roles
-- (hosted default privileges); calling it only ever raised an error, but nobody needs it.
revoke execute on function public.touch_updated_at() from public, anon, authenticated;
