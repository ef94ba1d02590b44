-- InspectReady initial schema: tenants, user profiles, contact referrals, their RLS and RPCs.
-- Deployable unchanged to hosted Supabase: it relies only on what hosted projects already have
-- (roles anon/authenticated/service_role, auth.users, auth.uid(), gen_random_uuid()).
-- Hosted projects grant ALL on new public tables and EXECUTE on new functions to anon and
-- authenticated by default privileges, so every grant below is revoked first and re-granted narrowly.

-- The one server-side copy of the consumer e-mail domain list (src/domain/consumerDomains.ts);
-- a test checks that both lists are equal.
create or replace function public.consumer_email_domains()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array[
    'gmail.com', 'googlemail.com', 'yahoo.com', 'yahoo.co.uk', 'hotmail.com', 'hotmail.co.uk',
    'outlook.com', 'live.com', 'msn.com', 'aol.com', 'icloud.com', 'me.com', 'gmx.com',
    'protonmail.com', 'proton.me'
  ]::text[]
$$;

create table public.organisations (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 2 and 200),
  sector text check (sector is null or sector in ('care', 'education', 'housing', 'construction')),
  staff_count integer check (staff_count is null or staff_count >= 1),
  plan text not null default 'free' check (plan in ('free', 'bos')),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);

create table public.users (
  id uuid primary key references auth.users (id) on delete cascade,
  email text,
  first_name text check (first_name is null or char_length(first_name) <= 100),
  last_name text check (last_name is null or char_length(last_name) <= 100),
  company_name text check (company_name is null or char_length(company_name) <= 200),
  phone_number text check (phone_number is null or char_length(phone_number) <= 40),
  staff_count integer check (staff_count is null or staff_count >= 1),
  sector text check (sector is null or sector in ('care', 'education', 'housing', 'construction')),
  requested_plan text check (requested_plan is null or requested_plan in ('free', 'bos')),
  plan text not null default 'free' check (plan in ('free', 'bos')),
  signup_source text check (signup_source is null or char_length(signup_source) <= 50),
  organisation_id uuid references public.organisations (id) on delete set null,
  access_role text check (access_role is null or access_role in ('admin', 'member')),
  signup_method text not null default 'email' check (signup_method in ('email', 'sso')),
  last_sso_provider text check (last_sso_provider is null or char_length(last_sso_provider) <= 50),
  country text check (country is null or country in ('uk', 'us', 'ca', 'au')),
  life_skills_enabled boolean not null default false,
  life_skills text[] not null default '{}' check (
    life_skills <@ array['communication', 'teamwork', 'problem_solving', 'time_management', 'leadership', 'adaptability']::text[]
  ),
  selected_regulators text[] not null default '{}' check (
    selected_regulators <@ array['cqc', 'ofsted', 'bsr', 'rsh']::text[]
  ),
  selected_roles text[] not null default '{}' check (
    selected_roles <@ array['care_worker', 'nurse', 'manager', 'admin', 'social_worker', 'therapist', 'support_worker', 'supervisor']::text[]
  ),
  selected_domains text[] not null default '{}' check (
    selected_domains <@ array['compliance', 'safety', 'quality', 'training']::text[]
  ),
  policy_frequency text check (policy_frequency is null or policy_frequency in ('daily', 'weekly', 'monthly')),
  team_structure jsonb check (team_structure is null or jsonb_typeof(team_structure) in ('object', 'array')),
  uploaded_documents jsonb not null default '[]' check (jsonb_typeof(uploaded_documents) = 'array'),
  onboarding_completed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index users_organisation_id_idx on public.users (organisation_id);

create or replace function public.touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

create trigger users_touch_updated_at before update on public.users
  for each row execute function public.touch_updated_at();

-- Profile row for every new auth user, from the sign-up metadata (spec section 7) and the provider.
-- Metadata is untrusted browser input: values outside the enumerations are dropped, not fatal,
-- except a consumer e-mail domain, which refuses the whole sign-up.
create or replace function public.handle_new_auth_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  provider text := coalesce(nullif(new.raw_app_meta_data ->> 'provider', ''), 'email');
  domain text := lower(btrim(substring(coalesce(new.email, '') from '@([^@]*)$')));
  staff text := btrim(coalesce(meta ->> 'staff_count', ''));
begin
  if domain = any (public.consumer_email_domains()) then
    raise exception 'Please use your work email. Personal e-mail providers (e.g. Gmail, Yahoo, AOL) are not accepted.'
      using errcode = '22023', hint = 'consumer_email_domain';
  end if;

  insert into public.users (
    id, email, first_name, last_name, company_name, phone_number, staff_count, sector,
    requested_plan, plan, signup_source, signup_method, last_sso_provider
  ) values (
    new.id,
    new.email,
    left(nullif(btrim(coalesce(meta ->> 'first_name', meta ->> 'given_name', '')), ''), 100),
    left(nullif(btrim(coalesce(meta ->> 'last_name', meta ->> 'family_name', '')), ''), 100),
    left(nullif(btrim(coalesce(meta ->> 'company_name', meta ->> 'tenant_name', '')), ''), 200),
    left(nullif(btrim(coalesce(meta ->> 'phone_number', '')), ''), 40),
    case when staff ~ '^[0-9]{1,9}$' and staff::integer >= 1 then staff::integer end,
    case when meta ->> 'sector' in ('care', 'education', 'housing', 'construction') then meta ->> 'sector' end,
    case when meta ->> 'requested_plan' in ('free', 'bos') then meta ->> 'requested_plan' end,
    'free',
    left(nullif(btrim(coalesce(meta ->> 'signup_source', case when provider = 'email' then 'website' else provider end)), ''), 50),
    case when provider = 'email' then 'email' else 'sso' end,
    case when provider = 'email' then null else left(provider, 50) end
  )
  on conflict (id) do nothing;
  return new;
end
$$;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function public.handle_new_auth_user();

-- An existing user signing in through another OAuth provider: remember the latest one.
create or replace function public.handle_auth_user_provider_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  provider text := new.raw_app_meta_data ->> 'provider';
begin
  if provider is not null and provider <> 'email'
     and provider is distinct from (old.raw_app_meta_data ->> 'provider') then
    update public.users set last_sso_provider = left(provider, 50) where id = new.id;
  end if;
  return new;
end
$$;

create trigger on_auth_user_provider_changed after update of raw_app_meta_data on auth.users
  for each row execute function public.handle_auth_user_provider_change();

-- Contact referrals: everything the form sends; only the service role reads it.
create table public.contact_referrals (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) between 1 and 200),
  email text not null check (char_length(email) between 3 and 320),
  message text not null check (char_length(message) between 1 and 5000),
  recipient text check (recipient is null or char_length(recipient) <= 320),
  subject text check (subject is null or char_length(subject) <= 300),
  service text check (service is null or char_length(service) <= 100),
  client_hash text not null check (char_length(client_hash) between 8 and 128),
  status text not null default 'received' check (status in ('received', 'delivered', 'failed', 'spam')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  delivered_at timestamptz
);

create index contact_referrals_client_recent_idx on public.contact_referrals (client_hash, created_at desc);

-- Outbox: a referral and its e-mail are written in one transaction; delivery happens after.
create table public.mail_outbox (
  id uuid primary key default gen_random_uuid(),
  referral_id uuid references public.contact_referrals (id) on delete cascade,
  to_address text not null,
  from_address text not null,
  reply_to text,
  subject text not null,
  text_body text not null,
  html_body text,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0,
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);

create index mail_outbox_pending_idx on public.mail_outbox (created_at) where status = 'pending';

-- Privileges and row-level security.
alter table public.organisations enable row level security;
alter table public.users enable row level security;
alter table public.contact_referrals enable row level security;
alter table public.mail_outbox enable row level security;

revoke all on public.organisations, public.users, public.contact_referrals, public.mail_outbox
  from public, anon, authenticated;
grant all on public.organisations, public.users, public.contact_referrals, public.mail_outbox to service_role;

grant select on public.users to authenticated;
-- Column grants: id, email, plan, requested_plan, access_role, organisation_id, signup_* and
-- company/staff (set through update_self_profile_details) are not writable by the user.
grant update (
  first_name, last_name, phone_number, country, sector, life_skills_enabled, life_skills,
  selected_regulators, selected_roles, selected_domains, policy_frequency, team_structure,
  uploaded_documents, onboarding_completed_at
) on public.users to authenticated;

create policy users_select_own on public.users for select to authenticated
  using ((select auth.uid()) = id);
create policy users_update_own on public.users for update to authenticated
  using ((select auth.uid()) = id) with check ((select auth.uid()) = id);

grant select on public.organisations to authenticated;
create policy organisations_select_member on public.organisations for select to authenticated
  using (id in (select u.organisation_id from public.users u where u.id = (select auth.uid())));

-- RPC: does the caller still need to give company name and staff count?
create or replace function public.get_profile_completion_status()
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
      'last_sso_provider', case when coalesce(provider, 'email') = 'email' then null else provider end
    );
  end if;
  return jsonb_build_object(
    'profile_completion_required',
      profile.company_name is null or char_length(btrim(profile.company_name)) <= 1 or profile.staff_count is null,
    'signup_method', profile.signup_method,
    'last_sso_provider', profile.last_sso_provider
  );
end
$$;

-- RPC: the SSO dialog's company name and staff count. p_sector 'Unassigned' (or null) leaves the
-- sector as it is. Creates the caller's organisation (caller = admin, plan free) when there is none.
create or replace function public.update_self_profile_details(p_company_name text, p_sector text, p_staff_count integer)
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

  org_id := profile.organisation_id;
  if org_id is null then
    insert into public.organisations (name, sector, staff_count, plan, created_by)
    values (company, coalesce(new_sector, profile.sector), p_staff_count, 'free', uid)
    returning id into org_id;
  elsif profile.access_role = 'admin' then
    update public.organisations
       set name = company, staff_count = p_staff_count, sector = coalesce(new_sector, sector)
     where id = org_id;
  end if;

  update public.users
     set company_name = company,
         staff_count = p_staff_count,
         sector = coalesce(new_sector, sector),
         organisation_id = org_id,
         access_role = coalesce(access_role, 'admin')
   where id = uid;
  return jsonb_build_object('success', true, 'organisation_id', org_id);
end
$$;

-- Service-role RPC behind the complete-user-signup function: one transaction, idempotent.
-- Returns {success, error?, status?} instead of raising so the function can reply 4xx cleanly.
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
  if profile.organisation_id is not null then
    -- Already set up (a retry of the same call): succeed without creating anything.
    return jsonb_build_object('success', true, 'organisation_id', profile.organisation_id, 'already_completed', true);
  end if;
  if auth_user.created_at < now() - interval '24 hours' then
    return jsonb_build_object('success', false, 'status', 410, 'error', 'Sign-up is older than 24 hours');
  end if;
  if char_length(company) <= 1 or char_length(company) > 200 then
    return jsonb_build_object('success', false, 'status', 400, 'error', 'Company name must be 2 to 200 characters');
  end if;

  insert into public.organisations (name, sector, staff_count, plan, created_by)
  values (company, coalesce(sector_v, profile.sector), coalesce(staff_n, profile.staff_count), 'free', p_user_id)
  returning id into org_id;

  update public.users
     set organisation_id = org_id,
         access_role = 'admin',
         plan = 'free',
         requested_plan = coalesce(requested, requested_plan),
         company_name = company,
         first_name = coalesce(left(nullif(btrim(data ->> 'first_name'), ''), 100), first_name),
         last_name = coalesce(left(nullif(btrim(data ->> 'last_name'), ''), 100), last_name),
         phone_number = coalesce(left(nullif(btrim(data ->> 'phone_number'), ''), 40), phone_number),
         staff_count = coalesce(staff_n, staff_count),
         sector = coalesce(sector_v, sector)
   where id = p_user_id;
  return jsonb_build_object('success', true, 'organisation_id', org_id);
end
$$;

-- Service-role RPC behind send-contact: rate limit, referral and outbox e-mail in one transaction.
create or replace function public.submit_contact_referral(
  p_name text, p_email text, p_message text, p_to text, p_subject text, p_service text,
  p_client_hash text, p_is_spam boolean, p_deliver_to text, p_from text,
  p_max_per_window integer default 5, p_window_seconds integer default 600
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  recent integer;
  referral_id uuid;
  outbox_id uuid;
  subject_v text := coalesce(nullif(btrim(p_subject), ''), 'Referral from website');
begin
  -- Serialise requests of one client so concurrent calls cannot both pass the limit.
  perform pg_advisory_xact_lock(hashtext('contact:' || p_client_hash));
  select count(*) into recent from public.contact_referrals
   where client_hash = p_client_hash and created_at > now() - make_interval(secs => p_window_seconds);
  if recent >= p_max_per_window then
    return jsonb_build_object('stored', false, 'limited', true, 'retry_after', p_window_seconds);
  end if;

  insert into public.contact_referrals (name, email, message, recipient, subject, service, client_hash, status)
  values (p_name, p_email, p_message, p_to, left(subject_v, 300), p_service, p_client_hash,
          case when p_is_spam then 'spam' else 'received' end)
  returning id into referral_id;

  if not p_is_spam then
    insert into public.mail_outbox (referral_id, to_address, from_address, reply_to, subject, text_body, html_body)
    values (
      referral_id, p_deliver_to, p_from, p_email, left(subject_v, 300),
      p_message || E'\n\nFrom: ' || p_name || ' <' || p_email || '>' ||
        case when p_service is not null then E'\nService: ' || p_service else '' end,
      null
    )
    returning id into outbox_id;
  end if;
  return jsonb_build_object('stored', true, 'limited', false, 'id', referral_id, 'outbox_id', outbox_id,
                            'status', case when p_is_spam then 'spam' else 'received' end);
end
$$;

-- Service-role RPC: record the outcome of one outbox delivery attempt.
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
         sent_at = case when p_ok then now() end
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

revoke execute on function public.get_profile_completion_status() from public, anon;
revoke execute on function public.update_self_profile_details(text, text, integer) from public, anon;
revoke execute on function public.complete_user_signup(uuid, text, jsonb) from public, anon, authenticated;
revoke execute on function public.submit_contact_referral(text, text, text, text, text, text, text, boolean, text, text, integer, integer) from public, anon, authenticated;
revoke execute on function public.mark_outbox_result(uuid, boolean, text) from public, anon, authenticated;
revoke execute on function public.handle_new_auth_user() from public, anon, authenticated;
revoke execute on function public.handle_auth_user_provider_change() from public, anon, authenticated;

grant execute on function public.get_profile_completion_status() to authenticated, service_role;
grant execute on function public.update_self_profile_details(text, text, integer) to authenticated, service_role;
grant execute on function public.complete_user_signup(uuid, text, jsonb) to service_role;
grant execute on function public.submit_contact_referral(text, text, text, text, text, text, text, boolean, text, text, integer, integer) to service_role;
grant execute on function public.mark_outbox_result(uuid, boolean, text) to service_role;
grant execute on function public.consumer_email_domains() to anon, authenticated, service_role;
