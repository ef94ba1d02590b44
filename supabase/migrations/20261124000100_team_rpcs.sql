-- The team's operations (issue 28). Each is one transaction with its checks.
--
-- Called by the browser through supabase.rpc (PostgREST): get_team, get_invitation, my_invitations,
-- accept_invitation, accept_my_invitation, revoke_invitation, set_member_role, remove_member, leave_organisation.
-- Each is a SECURITY INVOKER wrapper in `public` over a SECURITY DEFINER function in the unexposed schema
-- `private` that checks the caller itself (auth.uid(), live membership) before it writes, as Supabase advises
-- (no SECURITY DEFINER function in an exposed schema; splinter lints 0028/0029).
--
-- Called only by the edge functions invite-member and resend-invitation, with the service role:
-- invite_member and resend_invitation (they write the invitation and its outbox e-mail in one transaction;
-- the function then delivers the e-mail, which SQL cannot do, and never lets the browser choose the link).
--
-- Errors: `raise ... using errcode = 'PTnnn'`, which PostgREST answers with HTTP status nnn; the stable reason
-- is in `hint` (e.g. 'seat_limit_reached'), the message is a sentence for the person.

create or replace function private.hash_token(p_token text)
returns text
language sql
immutable
set search_path = ''
as $$
  select encode(extensions.digest(convert_to(coalesce(p_token, ''), 'UTF8'), 'sha256'), 'hex')
$$;

-- The caller's membership, or an error saying why not. For an admin's action the organisation's row is locked
-- first and the membership read again after it: an admin demoted or removed by a request that committed while
-- this one waited cannot go on acting as an admin.
create or replace function private.require_member(p_admin boolean)
returns public.memberships
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  m public.memberships;
begin
  if uid is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  select * into m from public.memberships where user_id = uid;
  if found and p_admin then
    perform 1 from public.organisations where id = m.organisation_id for no key update;
    select * into m from public.memberships where user_id = uid;
  end if;
  if m.user_id is null then
    raise exception 'You are not a member of an organisation.' using errcode = 'PT403', hint = 'not_member';
  end if;
  if p_admin and m.role <> 'admin' then
    raise exception 'Only an admin of your organisation can do this.' using errcode = 'PT403', hint = 'not_admin';
  end if;
  return m;
end
$$;

create or replace function private.person_name(p_user_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), ''),
    (select au.email from auth.users au where au.id = p_user_id)
  )
  from (select 1) one left join public.users u on u.id = p_user_id
$$;

create or replace function private.invitation_json(p_invitation public.invitations)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p_invitation.id,
    'email', p_invitation.email,
    'role', p_invitation.role,
    'status', private.invitation_status(p_invitation),
    'invited_by', p_invitation.invited_by,
    'invited_by_name', private.person_name(p_invitation.invited_by),
    'created_at', p_invitation.created_at,
    'expires_at', p_invitation.expires_at,
    'last_sent_at', p_invitation.last_sent_at,
    'send_count', p_invitation.send_count
  )
$$;

-- The team page in one request: the organisation, its seats, the caller's role, the members (names and work
-- e-mails; never phone numbers or wizard answers) and the open invitations (pending or expired).
create or replace function private.get_team()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me public.memberships := private.require_member(false);
  org public.organisations;
  cap integer;
  used integer;
begin
  select * into org from public.organisations where id = me.organisation_id;
  cap := private.seat_limit(org.plan);
  used := private.seats_used(org.id);
  return jsonb_build_object(
    'organisation', jsonb_build_object('id', org.id, 'name', org.name, 'plan', org.plan, 'sector', org.sector, 'staff_count', org.staff_count),
    'seats', jsonb_build_object('limit', cap, 'used', used, 'available', case when cap is null then null else greatest(cap - used, 0) end),
    'me', jsonb_build_object('user_id', me.user_id, 'role', me.role),
    'members', coalesce((
      select jsonb_agg(jsonb_build_object(
               'user_id', m.user_id, 'role', m.role, 'email', au.email, 'first_name', u.first_name,
               'last_name', u.last_name, 'joined_at', m.created_at) order by m.created_at, m.user_id)
        from public.memberships m
        join auth.users au on au.id = m.user_id
        left join public.users u on u.id = m.user_id
       where m.organisation_id = org.id), '[]'::jsonb),
    'invitations', coalesce((
      select jsonb_agg(private.invitation_json(i) order by i.created_at, i.id)
        from public.invitations i
       where i.organisation_id = org.id and i.accepted_at is null and i.revoked_at is null), '[]'::jsonb)
  );
end
$$;

create or replace function private.find_invitation_by_token(p_token text)
returns public.invitations
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  inv public.invitations;
begin
  select i.* into inv
    from private.invitation_tokens t join public.invitations i on i.id = t.invitation_id
   where t.token_hash = private.hash_token(p_token);
  if not found then
    -- One answer for a wrong, mistyped, replaced or made-up token: nothing about which.
    raise exception 'This invitation link is not valid. Check that you opened the whole link from the e-mail, or ask your organisation''s admin for a new invitation.'
      using errcode = 'PT404', hint = 'invitation_not_found';
  end if;
  return inv;
end
$$;

-- What the /invite page shows before anyone signs in: whose invitation, to what, and whether it still works.
create or replace function private.get_invitation(p_token text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  inv public.invitations := private.find_invitation_by_token(p_token);
begin
  return jsonb_build_object(
    'status', private.invitation_status(inv),
    'email', inv.email,
    'role', inv.role,
    'organisation_name', (select o.name from public.organisations o where o.id = inv.organisation_id),
    'invited_by_name', private.person_name(inv.invited_by),
    'expires_at', inv.expires_at
  );
end
$$;

-- Pending invitations addressed to the caller's confirmed e-mail (a person who signed up without the link).
create or replace function private.my_invitations()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  address text;
begin
  if uid is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  select lower(au.email) into address from auth.users au where au.id = uid and au.email_confirmed_at is not null;
  return coalesce((
    select jsonb_agg(jsonb_build_object(
             'id', i.id, 'role', i.role, 'organisation_name', o.name,
             'invited_by_name', private.person_name(i.invited_by), 'expires_at', i.expires_at) order by i.created_at)
      from public.invitations i join public.organisations o on o.id = i.organisation_id
     where i.email = address and i.accepted_at is null and i.revoked_at is null and i.expires_at > now()), '[]'::jsonb);
end
$$;

-- Joins the invitation's organisation. The caller must be signed in, confirmed, as the invited address.
-- A person already in another organisation is refused (409 already_in_organisation) unless they choose to
-- move (p_leave_current): they then leave it in the same transaction, under the last-admin rule.
-- Accepting again as the person who accepted is a success (a retry after a lost reply), never 'used'.
create or replace function private.join_by_invitation(p_invitation_id uuid, p_leave_current boolean)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  caller record;
  inv public.invitations;
  org_name text;
  current_m public.memberships;
  current_name text;
begin
  if uid is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  select lower(au.email) as email, au.email_confirmed_at into caller from auth.users au where au.id = uid;
  select * into current_m from public.memberships where user_id = uid;

  -- Lock the organisations involved (in one order, so two moves in opposite directions cannot deadlock), then
  -- the invitation.
  perform 1 from public.organisations o
   where o.id in (select i.organisation_id from public.invitations i where i.id = p_invitation_id)
      or (p_leave_current and o.id = current_m.organisation_id)
   order by o.id
     for no key update;
  select * into inv from public.invitations where id = p_invitation_id for update;
  if not found then
    raise exception 'There is no such invitation.' using errcode = 'PT404', hint = 'invitation_not_found';
  end if;
  select o.name into org_name from public.organisations o where o.id = inv.organisation_id;

  if inv.accepted_at is not null then
    if inv.accepted_by = uid and current_m.organisation_id is not distinct from inv.organisation_id then
      return jsonb_build_object('organisation_id', inv.organisation_id, 'organisation_name', org_name,
                                'role', current_m.role, 'already_accepted', true);
    end if;
    raise exception 'This invitation to % has already been used. If you need access, ask an admin of % to invite you again.', org_name, org_name
      using errcode = 'PT410', hint = 'invitation_used';
  end if;
  if inv.revoked_at is not null then
    raise exception 'This invitation to % was withdrawn. Ask an admin of % for a new invitation.', org_name, org_name
      using errcode = 'PT410', hint = 'invitation_revoked';
  end if;
  if inv.expires_at <= now() then
    raise exception 'This invitation to % expired on %. Ask an admin of % to send it again.',
      org_name, to_char(inv.expires_at at time zone 'UTC', 'FMDD FMMonth YYYY'), org_name
      using errcode = 'PT410', hint = 'invitation_expired';
  end if;
  if caller.email is distinct from inv.email then
    raise exception 'This invitation is for %, but you are signed in as %. Sign out, then sign in or sign up as %.', inv.email, caller.email, inv.email
      using errcode = 'PT403', hint = 'invitation_wrong_account';
  end if;
  if caller.email_confirmed_at is null then
    raise exception 'Confirm your e-mail address first, then open the invitation again.'
      using errcode = 'PT403', hint = 'email_not_confirmed';
  end if;

  if current_m.user_id is not null then
    select o.name into current_name from public.organisations o where o.id = current_m.organisation_id;
    if current_m.organisation_id = inv.organisation_id then
      raise exception 'You are already a member of %.', org_name using errcode = 'PT409', hint = 'already_member';
    end if;
    if not coalesce(p_leave_current, false) then
      raise exception 'You already belong to %. To join %, choose to leave % and move; your data there stays with %.',
        current_name, org_name, current_name, current_name
        using errcode = 'PT409', hint = 'already_in_organisation',
              detail = jsonb_build_object('current_organisation', current_name,
                                          'sole_member', not exists (select 1 from public.memberships m
                                                                      where m.organisation_id = current_m.organisation_id
                                                                        and m.user_id <> uid))::text;
    end if;
    delete from public.memberships where user_id = uid; -- the last-admin rule applies (409 last_admin)
  end if;

  update public.invitations set accepted_at = now(), accepted_by = uid where id = inv.id;
  insert into public.memberships (organisation_id, user_id, role, invited_by)
  values (inv.organisation_id, uid, inv.role, inv.invited_by);
  return jsonb_build_object('organisation_id', inv.organisation_id, 'organisation_name', org_name, 'role', inv.role);
end
$$;

-- An organisation nobody belongs to any more keeps its data (for support and retention) but invites nobody:
-- when its last member goes (leaving, moving, or a deleted account), its open invitations are revoked, so no one
-- joins an organisation without an admin.
create or replace function private.close_if_empty()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.invitations set revoked_at = now()
   where organisation_id = old.organisation_id and accepted_at is null and revoked_at is null
     and not exists (select 1 from public.memberships m where m.organisation_id = old.organisation_id);
  return old;
end
$$;

create trigger memberships_close_if_empty after delete on public.memberships
  for each row execute function private.close_if_empty();

create or replace function private.accept_invitation(p_token text, p_leave_current boolean)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  return private.join_by_invitation((private.find_invitation_by_token(p_token)).id, p_leave_current);
end
$$;

create or replace function private.accept_my_invitation(p_invitation_id uuid, p_leave_current boolean)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
begin
  if uid is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  if not exists (
    select 1 from public.invitations i join auth.users au on lower(au.email) = i.email
     where i.id = p_invitation_id and au.id = uid
  ) then
    raise exception 'There is no invitation for you with this id.' using errcode = 'PT404', hint = 'invitation_not_found';
  end if;
  return private.join_by_invitation(p_invitation_id, p_leave_current);
end
$$;

-- An invitation of the caller's organisation, locked; another organisation's is 'not found' (nothing leaks).
create or replace function private.own_invitation(p_organisation_id uuid, p_invitation_id uuid)
returns public.invitations
language plpgsql
security definer
set search_path = ''
as $$
declare
  inv public.invitations;
begin
  perform 1 from public.organisations where id = p_organisation_id for no key update;
  select * into inv from public.invitations where id = p_invitation_id and organisation_id = p_organisation_id for update;
  if not found then
    raise exception 'No such invitation in your organisation.' using errcode = 'PT404', hint = 'invitation_not_found';
  end if;
  return inv;
end
$$;

create or replace function private.revoke_invitation(p_invitation_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  me public.memberships := private.require_member(true);
  inv public.invitations := private.own_invitation(me.organisation_id, p_invitation_id);
begin
  if inv.accepted_at is not null then
    raise exception '% has already accepted this invitation; remove the member instead.', inv.email
      using errcode = 'PT409', hint = 'invitation_used';
  end if;
  if inv.revoked_at is null then
    update public.invitations set revoked_at = now(), revoked_by = me.user_id where id = inv.id returning * into inv;
  end if;
  return private.invitation_json(inv);
end
$$;

create or replace function private.own_member(p_organisation_id uuid, p_user_id uuid)
returns public.memberships
language plpgsql
security definer
set search_path = ''
as $$
declare
  m public.memberships;
begin
  perform 1 from public.organisations where id = p_organisation_id for no key update;
  select * into m from public.memberships where organisation_id = p_organisation_id and user_id = p_user_id for update;
  if not found then
    raise exception 'No such member in your organisation.' using errcode = 'PT404', hint = 'member_not_found';
  end if;
  return m;
end
$$;

create or replace function private.set_member_role(p_user_id uuid, p_role text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  me public.memberships := private.require_member(true);
  target public.memberships;
begin
  if p_role is null or p_role not in ('admin', 'member') then
    raise exception 'Role must be admin or member.' using errcode = '22023', hint = 'invalid_role';
  end if;
  target := private.own_member(me.organisation_id, p_user_id);
  if target.role <> p_role then
    update public.memberships set role = p_role where organisation_id = target.organisation_id and user_id = target.user_id
    returning * into target; -- the last-admin rule applies (409 last_admin)
  end if;
  return jsonb_build_object('user_id', target.user_id, 'role', target.role);
end
$$;

-- Removing a member ends their access at once: every request reads memberships live, so their next one is
-- refused, and their sessions are deleted with their refresh tokens (auth.refresh_tokens cascades from
-- auth.sessions), as GoTrue's own sign-out does: no new access token can be had. An access token already
-- issued stays valid until it expires (at most jwt_expiry, 1 hour) but opens nothing of the organisation.
create or replace function private.remove_member(p_user_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  me public.memberships := private.require_member(true);
  target public.memberships;
  revoked integer;
begin
  if p_user_id = me.user_id then
    raise exception 'You cannot remove yourself; leave the organisation instead.' using errcode = '22023', hint = 'cannot_remove_self';
  end if;
  target := private.own_member(me.organisation_id, p_user_id);
  delete from public.memberships where organisation_id = target.organisation_id and user_id = target.user_id;
  delete from auth.sessions where user_id = target.user_id;
  get diagnostics revoked = row_count;
  return jsonb_build_object('user_id', target.user_id, 'removed', true, 'sessions_revoked', revoked);
end
$$;

create or replace function private.leave_organisation()
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  me public.memberships := private.require_member(false);
begin
  perform 1 from public.organisations where id = me.organisation_id for no key update;
  delete from public.memberships where user_id = me.user_id; -- the last-admin rule applies (409 last_admin)
  return jsonb_build_object('organisation_id', me.organisation_id, 'left', true);
end
$$;

-- Service role only (the invite-member and resend-invitation functions): the checks, the invitation (new or
-- renewed), its token's hash and its outbox e-mail in one transaction. p_actor is the caller the function
-- identified from their access token; p_site_url comes from the function's own configuration (SITE_URL),
-- never from the browser, so no one can make us mail a link elsewhere.
create or replace function private.invitation_mail(
  p_invitation public.invitations, p_token text, p_site_url text, p_from text, p_actor uuid
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  org_name text;
  inviter text := private.person_name(p_actor);
  inviter_email text;
  link text;
  subject text;
  body text;
  outbox_id uuid;
begin
  select o.name into org_name from public.organisations o where o.id = p_invitation.organisation_id;
  select au.email into inviter_email from auth.users au where au.id = p_actor;
  link := rtrim(p_site_url, '/') || '/invite?token=' || p_token;
  subject := left(format('%s invited you to join %s on InspectReady', inviter, org_name), 300);
  body := format(
    E'Hello,\n\n%s (%s) invited you to join %s on InspectReady as %s.\n\nAccept the invitation:\n%s\n\n'
    'The link works once and expires on %s (UTC). If you do not have an InspectReady account yet, you can create '
    'one with this e-mail address from the link.\n\nIf you were not expecting this invitation, you can ignore this e-mail.\n',
    inviter, inviter_email, org_name, case p_invitation.role when 'admin' then 'an admin' else 'a member' end, link,
    to_char(p_invitation.expires_at at time zone 'UTC', 'FMDD FMMonth YYYY "at" HH24:MI')
  );
  insert into public.mail_outbox (invitation_id, to_address, from_address, reply_to, subject, text_body)
  values (p_invitation.id, p_invitation.email, p_from, inviter_email, subject, body)
  returning id into outbox_id;
  return jsonb_build_object('id', outbox_id, 'to_address', p_invitation.email, 'from_address', p_from,
                            'reply_to', inviter_email, 'subject', subject, 'text_body', body);
end
$$;

create or replace function private.check_invitation_rate(p_organisation_id uuid, p_max_per_hour integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  sent integer;
begin
  select count(*) into sent
    from public.mail_outbox o join public.invitations i on i.id = o.invitation_id
   where i.organisation_id = p_organisation_id and o.created_at > now() - interval '1 hour';
  if sent >= greatest(coalesce(p_max_per_hour, 20), 1) then
    raise exception 'Your organisation has sent % invitation e-mails in the last hour, the most we allow. Try again later.', sent
      using errcode = 'PT429', hint = 'invitation_rate_limited';
  end if;
end
$$;

create or replace function private.actor_admin(p_actor uuid)
returns public.memberships
language plpgsql
security definer
set search_path = ''
as $$
declare
  m public.memberships;
begin
  select * into m from public.memberships where user_id = p_actor;
  if found then
    -- Locked first, then read again (see require_member).
    perform 1 from public.organisations where id = m.organisation_id for no key update;
    select * into m from public.memberships where user_id = p_actor;
  end if;
  if m.user_id is null then
    raise exception 'You are not a member of an organisation.' using errcode = 'PT403', hint = 'not_member';
  end if;
  if m.role <> 'admin' then
    raise exception 'Only an admin of your organisation can invite people.' using errcode = 'PT403', hint = 'not_admin';
  end if;
  return m;
end
$$;

create or replace function public.invite_member(
  p_actor uuid, p_email text, p_role text, p_site_url text, p_from text, p_max_per_hour integer default 20
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  address text := lower(btrim(coalesce(p_email, '')));
  domain text := substring(lower(btrim(coalesce(p_email, ''))) from '@([^@]*)$');
  me public.memberships;
  inv public.invitations;
  token text := encode(extensions.gen_random_bytes(32), 'hex');
begin
  if char_length(address) > 320 or address !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' then
    raise exception 'Enter a valid e-mail address.' using errcode = '22023', hint = 'invalid_email';
  end if;
  if domain = any (public.consumer_email_domains()) then
    raise exception 'Invite a work e-mail address: personal e-mail providers (e.g. Gmail, Yahoo, AOL) are not accepted.'
      using errcode = '22023', hint = 'consumer_email_domain';
  end if;
  if p_role is null or p_role not in ('admin', 'member') then
    raise exception 'Role must be admin or member.' using errcode = '22023', hint = 'invalid_role';
  end if;
  if p_site_url is null or p_site_url !~ '^https?://[^/?#[:space:]]+/*$' then
    raise exception 'The site URL is not configured.' using errcode = '22023', hint = 'invalid_site_url';
  end if;
  me := private.actor_admin(p_actor);
  perform private.check_invitation_rate(me.organisation_id, p_max_per_hour);

  -- An expired, still open invitation to the same address is renewed rather than duplicated.
  select * into inv from public.invitations
   where organisation_id = me.organisation_id and email = address and accepted_at is null and revoked_at is null
     and expires_at <= now()
   order by created_at desc limit 1 for update;
  if found then
    update public.invitations
       set role = p_role, invited_by = p_actor, expires_at = now() + interval '7 days', last_sent_at = now(),
           send_count = send_count + 1
     where id = inv.id
    returning * into inv; -- seats and duplicates are checked by the trigger
  else
    insert into public.invitations (organisation_id, email, role, invited_by)
    values (me.organisation_id, address, p_role, p_actor)
    returning * into inv; -- seats and duplicates are checked by the trigger
  end if;
  insert into private.invitation_tokens (invitation_id, token_hash) values (inv.id, private.hash_token(token))
  on conflict (invitation_id) do update set token_hash = excluded.token_hash, created_at = now();
  return jsonb_build_object('invitation', private.invitation_json(inv),
                            'mail', private.invitation_mail(inv, token, p_site_url, p_from, p_actor));
end
$$;

-- A new link (the old one stops working), 7 more days, at most once a minute per invitation.
create or replace function public.resend_invitation(
  p_actor uuid, p_invitation_id uuid, p_site_url text, p_from text, p_max_per_hour integer default 20,
  p_min_interval_seconds integer default 60
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  me public.memberships;
  inv public.invitations;
  token text := encode(extensions.gen_random_bytes(32), 'hex');
  wait_s integer;
begin
  if p_site_url is null or p_site_url !~ '^https?://[^/?#[:space:]]+/*$' then
    raise exception 'The site URL is not configured.' using errcode = '22023', hint = 'invalid_site_url';
  end if;
  me := private.actor_admin(p_actor);
  select * into inv from public.invitations where id = p_invitation_id and organisation_id = me.organisation_id for update;
  if not found then
    raise exception 'No such invitation in your organisation.' using errcode = 'PT404', hint = 'invitation_not_found';
  end if;
  if inv.accepted_at is not null then
    raise exception '% has already accepted this invitation.', inv.email using errcode = 'PT409', hint = 'invitation_used';
  end if;
  if inv.revoked_at is not null then
    raise exception 'This invitation was revoked; invite % again instead.', inv.email using errcode = 'PT409', hint = 'invitation_revoked';
  end if;
  wait_s := ceil(extract(epoch from inv.last_sent_at + make_interval(secs => greatest(coalesce(p_min_interval_seconds, 60), 0)) - now()));
  if wait_s > 0 then
    raise exception 'You can resend this invitation in % seconds.', wait_s
      using errcode = 'PT429', hint = 'invitation_resend_too_soon', detail = format('{"retry_after": %s}', wait_s);
  end if;
  perform private.check_invitation_rate(me.organisation_id, p_max_per_hour);
  update public.invitations
     set expires_at = now() + interval '7 days', last_sent_at = now(), send_count = send_count + 1, invited_by = p_actor
   where id = inv.id
  returning * into inv; -- an expired one takes a seat again: the trigger checks there is one
  update private.invitation_tokens set token_hash = private.hash_token(token), created_at = now() where invitation_id = inv.id;
  return jsonb_build_object('invitation', private.invitation_json(inv),
                            'mail', private.invitation_mail(inv, token, p_site_url, p_from, p_actor));
end
$$;

-- An invitation e-mail carries its link only until it is delivered (or given up on after 5 attempts): then the
-- token is cut out of the outbox copy, so the database keeps no usable token anywhere.
create or replace function public.mark_outbox_result(p_outbox_id uuid, p_ok boolean, p_error text default null)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  ref uuid;
begin
  update public.mail_outbox
     set status = case when p_ok then 'sent' else 'failed' end,
         attempts = attempts + 1,
         last_error = case when p_ok then null else left(p_error, 1000) end,
         sent_at = case when p_ok then now() end,
         text_body = case
           when invitation_id is not null and (p_ok or attempts + 1 >= 5)
             then regexp_replace(text_body, 'token=[0-9a-f]{64}', 'token=[removed after delivery]', 'g')
           else text_body
         end
   where id = p_outbox_id
   returning referral_id into ref;
  if ref is not null then
    update public.contact_referrals
       set status = case when p_ok then 'delivered' else 'failed' end,
           delivered_at = case when p_ok then now() end,
           updated_at = now()
     where id = ref;
  end if;
end
$$;

-- The public API: SECURITY INVOKER wrappers (what PostgREST serves) over the private functions.
create or replace function public.get_team() returns jsonb
language sql stable security invoker set search_path = ''
as $$ select private.get_team() $$;

create or replace function public.get_invitation(p_token text) returns jsonb
language sql stable security invoker set search_path = ''
as $$ select private.get_invitation(p_token) $$;

create or replace function public.my_invitations() returns jsonb
language sql stable security invoker set search_path = ''
as $$ select private.my_invitations() $$;

create or replace function public.accept_invitation(p_token text, p_leave_current boolean default false) returns jsonb
language sql security invoker set search_path = ''
as $$ select private.accept_invitation(p_token, p_leave_current) $$;

create or replace function public.accept_my_invitation(p_invitation_id uuid, p_leave_current boolean default false) returns jsonb
language sql security invoker set search_path = ''
as $$ select private.accept_my_invitation(p_invitation_id, p_leave_current) $$;

create or replace function public.revoke_invitation(p_invitation_id uuid) returns jsonb
language sql security invoker set search_path = ''
as $$ select private.revoke_invitation(p_invitation_id) $$;

create or replace function public.set_member_role(p_user_id uuid, p_role text) returns jsonb
language sql security invoker set search_path = ''
as $$ select private.set_member_role(p_user_id, p_role) $$;

create or replace function public.remove_member(p_user_id uuid) returns jsonb
language sql security invoker set search_path = ''
as $$ select private.remove_member(p_user_id) $$;

create or replace function public.leave_organisation() returns jsonb
language sql security invoker set search_path = ''
as $$ select private.leave_organisation() $$;

-- Grants: nothing by default (hosted grants EXECUTE on new functions to the API roles), then exactly who calls what.
do $$
declare
  f regprocedure;
begin
  for f in
    select p.oid::regprocedure from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'private'
  loop
    execute format('revoke execute on function %s from public, anon, authenticated, service_role', f);
  end loop;
end
$$;

revoke execute on function public.get_team() from public, anon;
revoke execute on function public.get_invitation(text) from public;
revoke execute on function public.my_invitations() from public, anon;
revoke execute on function public.accept_invitation(text, boolean) from public, anon;
revoke execute on function public.accept_my_invitation(uuid, boolean) from public, anon;
revoke execute on function public.revoke_invitation(uuid) from public, anon;
revoke execute on function public.set_member_role(uuid, text) from public, anon;
revoke execute on function public.remove_member(uuid) from public, anon;
revoke execute on function public.leave_organisation() from public, anon;
revoke execute on function public.invite_member(uuid, text, text, text, text, integer) from public, anon, authenticated;
revoke execute on function public.resend_invitation(uuid, uuid, text, text, integer, integer) from public, anon, authenticated;
revoke execute on function public.mark_outbox_result(uuid, boolean, text) from public, anon, authenticated;

grant execute on function public.get_team() to authenticated, service_role;
grant execute on function public.get_invitation(text) to anon, authenticated, service_role;
grant execute on function public.my_invitations() to authenticated, service_role;
grant execute on function public.accept_invitation(text, boolean) to authenticated, service_role;
grant execute on function public.accept_my_invitation(uuid, boolean) to authenticated, service_role;
grant execute on function public.revoke_invitation(uuid) to authenticated, service_role;
grant execute on function public.set_member_role(uuid, text) to authenticated, service_role;
grant execute on function public.remove_member(uuid) to authenticated, service_role;
grant execute on function public.leave_organisation() to authenticated, service_role;
grant execute on function public.invite_member(uuid, text, text, text, text, integer) to service_role;
grant execute on function public.resend_invitation(uuid, uuid, text, text, integer, integer) to service_role;
grant execute on function public.mark_outbox_result(uuid, boolean, text) to service_role;

-- What the invoker wrappers and the policies call, per role.
grant execute on function private.member_organisation_ids() to authenticated, service_role;
grant execute on function private.admin_organisation_ids() to authenticated, service_role;
grant execute on function private.get_team() to authenticated, service_role;
grant execute on function private.get_invitation(text) to anon, authenticated, service_role;
grant execute on function private.my_invitations() to authenticated, service_role;
grant execute on function private.accept_invitation(text, boolean) to authenticated, service_role;
grant execute on function private.accept_my_invitation(uuid, boolean) to authenticated, service_role;
grant execute on function private.revoke_invitation(uuid) to authenticated, service_role;
grant execute on function private.set_member_role(uuid, text) to authenticated, service_role;
grant execute on function private.remove_member(uuid) to authenticated, service_role;
grant execute on function private.leave_organisation() to authenticated, service_role;
