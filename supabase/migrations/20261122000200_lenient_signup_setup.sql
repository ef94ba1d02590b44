-- The sign-up form requires a non-empty company (any length) and caps no field, so the setup call must
-- not refuse what the form accepted: a 1-character company is a valid organisation name, and over-long
-- text is truncated to the column limits (as the profile trigger already does).
alter table public.organisations drop constraint if exists organisations_name_check;
alter table public.organisations add constraint organisations_name_check
  check (char_length(btrim(name)) between 1 and 200);

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
  if char_length(company) < 1 then
    return jsonb_build_object('success', false, 'status', 400, 'error', 'Company name is required');
  end if;
  -- Like the sign-up trigger: over-long text is cut to the column's limit rather than failing a sign-up
  -- whose auth user already exists.
  company := left(company, 200);

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

revoke execute on function public.complete_user_signup(uuid, text, jsonb) from public, anon, authenticated;
grant execute on function public.complete_user_signup(uuid, text, jsonb) to service_role;
