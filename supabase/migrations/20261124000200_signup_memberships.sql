-- Sign-up and the SSO profile dialog on memberships (issue 28). The person who signs up still gets a new
-- organisation and is its admin, now as a membership (public.users.organisation_id and access_role follow by
-- the mirror trigger). New: an address with a pending invitation never gets an organisation of its own at
-- sign-up; it joins the inviting one by accepting (accept_invitation with the mailed link, or
-- accept_my_invitation from the list my_invitations gives once the address is confirmed).
--
-- get_profile_completion_status and update_self_profile_details keep their names, arguments, replies and
-- grants, but become SECURITY INVOKER wrappers over SECURITY DEFINER functions in `private` (splinter 0029).

create or replace function private.has_pending_invitation(p_email text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.invitations i
     where i.email = lower(btrim(coalesce(p_email, ''))) and i.accepted_at is null and i.revoked_at is null
       and i.expires_at > now()
  )
$$;

-- A new organisation with the person as its admin (the membership trigger mirrors it to public.users).
create or replace function private.create_organisation_for(p_user_id uuid, p_name text, p_sector text, p_staff_count integer)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  org_id uuid;
begin
  insert into public.organisations (name, sector, staff_count, plan, created_by)
  values (p_name, p_sector, p_staff_count, 'free', p_user_id)
  returning id into org_id;
  insert into public.memberships (organisation_id, user_id, role) values (org_id, p_user_id, 'admin');
  return org_id;
end
$$;

create or replace function public.complete_user_signup(p_user_id uuid, p_email text, p_user_data jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  auth_user record;
  profile public.users;
  data jsonb := coalesce(p_user_data, '{}'::jsonb);
  company text := btrim(coalesce(nullif(btrim(data ->> 'company_name'), ''), data ->> 'company', ''));
  staff text := btrim(coalesce(data ->> 'staff_count', ''));
  staff_n integer := case when staff ~ '^[0-9]{1,9}$' and staff::integer >= 1 then staff::integer end;
  sector_v text := case when data ->> 'sector' in ('care', 'education', 'housing', 'construction') then data ->> 'sector' end;
  requested text := case when data ->> 'plan' in ('free', 'bos') then data ->> 'plan' end;
  existing uuid;
  invited boolean;
  org_id uuid;
begin
  select id, email, created_at into auth_user from auth.users
   where id = p_user_id and lower(email) = lower(btrim(coalesce(p_email, '')));
  if not found then
    return jsonb_build_object('success', false, 'status', 404, 'error', 'No user with this id and e-mail');
  end if;

  select * into profile from public.users where id = p_user_id for update;
  if not found then
    return jsonb_build_object('success', false, 'status', 409, 'error', 'User profile is missing');
  end if;
  select m.organisation_id into existing from public.memberships m where m.user_id = p_user_id;
  if existing is not null then
    -- Already set up (a retry of the same call): succeed without creating anything.
    return jsonb_build_object('success', true, 'organisation_id', existing, 'already_completed', true);
  end if;
  if auth_user.created_at < now() - interval '24 hours' then
    return jsonb_build_object('success', false, 'status', 410, 'error', 'Sign-up is older than 24 hours');
  end if;
  if char_length(company) < 1 then
    return jsonb_build_object('success', false, 'status', 400, 'error', 'Company name is required');
  end if;
  company := left(company, 200);
  invited := private.has_pending_invitation(auth_user.email);

  if not invited then
    org_id := private.create_organisation_for(p_user_id, company, coalesce(sector_v, profile.sector), coalesce(staff_n, profile.staff_count));
  end if;

  update public.users
     set plan = 'free',
         requested_plan = coalesce(requested, requested_plan),
         company_name = company,
         first_name = coalesce(left(nullif(btrim(data ->> 'first_name'), ''), 100), first_name),
         last_name = coalesce(left(nullif(btrim(data ->> 'last_name'), ''), 100), last_name),
         phone_number = coalesce(left(nullif(btrim(data ->> 'phone_number'), ''), 40), phone_number),
         staff_count = coalesce(staff_n, staff_count),
         sector = coalesce(sector_v, sector)
   where id = p_user_id;
  if invited then
    return jsonb_build_object('success', true, 'organisation_id', null, 'invitation_pending', true);
  end if;
  return jsonb_build_object('success', true, 'organisation_id', org_id);
end
$$;

revoke execute on function public.complete_user_signup(uuid, text, jsonb) from public, anon, authenticated;
grant execute on function public.complete_user_signup(uuid, text, jsonb) to service_role;

create or replace function private.get_profile_completion_status()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  profile public.users;
  provider text := auth.jwt() -> 'app_metadata' ->> 'provider';
begin
  if uid is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  select * into profile from public.users where id = uid;
  if not found then
    return jsonb_build_object(
      'profile_completion_required', true,
      'signup_method', case when coalesce(provider, 'email') = 'email' then 'email' else 'sso' end,
      'last_sso_provider', case when coalesce(provider, 'email') = 'email' then null else provider end,
      'onboarding_completed', false
    );
  end if;
  return jsonb_build_object(
    'profile_completion_required',
      profile.company_name is null or char_length(btrim(profile.company_name)) <= 1 or profile.staff_count is null,
    'signup_method', profile.signup_method,
    'last_sso_provider', profile.last_sso_provider,
    'onboarding_completed', profile.onboarding_completed_at is not null
  );
end
$$;

-- The SSO dialog's company name and staff count. An admin renames their organisation; a member changes only
-- their own profile; a person without an organisation gets a new one (as its admin), unless an invitation is
-- waiting for their address: then none is created ('invitation_pending': true) and they join by accepting it.
create or replace function private.update_self_profile_details(p_company_name text, p_sector text, p_staff_count integer)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  company text := btrim(coalesce(p_company_name, ''));
  new_sector text := nullif(btrim(coalesce(p_sector, '')), '');
  profile public.users;
  m public.memberships;
  org_id uuid;
begin
  if uid is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  if char_length(company) <= 1 then
    raise exception 'Company name must be longer than 1 character' using errcode = '22023';
  end if;
  if char_length(company) > 200 then
    raise exception 'Company name must be at most 200 characters' using errcode = '22023';
  end if;
  if p_staff_count is null or p_staff_count <= 0 then
    raise exception 'Number of staff must be greater than 0' using errcode = '22023';
  end if;
  if new_sector = 'Unassigned' then
    new_sector := null;
  elsif new_sector is not null and new_sector not in ('care', 'education', 'housing', 'construction') then
    raise exception 'Sector must be one of care, education, housing, construction or Unassigned' using errcode = '22023';
  end if;

  select * into profile from public.users where id = uid for update;
  if not found then
    raise exception 'Profile not found' using errcode = 'P0002';
  end if;

  select * into m from public.memberships where user_id = uid;
  if found then
    org_id := m.organisation_id;
    if m.role = 'admin' then
      update public.organisations
         set name = company, staff_count = p_staff_count, sector = coalesce(new_sector, sector)
       where id = org_id;
    end if;
  elsif not private.has_pending_invitation((select au.email from auth.users au where au.id = uid)) then
    org_id := private.create_organisation_for(uid, company, coalesce(new_sector, profile.sector), p_staff_count);
  end if;

  update public.users
     set company_name = company,
         staff_count = p_staff_count,
         sector = coalesce(new_sector, sector)
   where id = uid;
  if org_id is null then
    return jsonb_build_object('success', true, 'organisation_id', null, 'invitation_pending', true);
  end if;
  return jsonb_build_object('success', true, 'organisation_id', org_id);
end
$$;

create or replace function public.get_profile_completion_status()
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$ select private.get_profile_completion_status() $$;

create or replace function public.update_self_profile_details(p_company_name text, p_sector text, p_staff_count integer)
returns jsonb
language sql
security invoker
set search_path = ''
as $$ select private.update_self_profile_details(p_company_name, p_sector, p_staff_count) $$;

revoke execute on function private.has_pending_invitation(text) from public, anon, authenticated, service_role;
revoke execute on function private.create_organisation_for(uuid, text, text, integer) from public, anon, authenticated, service_role;
revoke execute on function private.get_profile_completion_status() from public, anon;
revoke execute on function private.update_self_profile_details(text, text, integer) from public, anon;
grant execute on function private.get_profile_completion_status() to authenticated, service_role;
grant execute on function private.update_self_profile_details(text, text, integer) to authenticated, service_role;

revoke execute on function public.get_profile_completion_status() from public, anon;
revoke execute on function public.update_self_profile_details(text, text, integer) from public, anon;
grant execute on function public.get_profile_completion_status() to authenticated, service_role;
grant execute on function public.update_self_profile_details(text, text, integer) to authenticated, service_role;
