-- get_profile_completion_status() also says whether the setup wizard was ever finished, so the onboarding
-- gate can send a returning user to /account instead of the wizard (issue 15). Same signature, grants and
-- checks as before; `onboarding_completed` is false when there is no profile row yet.
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

-- create or replace keeps the existing grants; restated so this file alone says who may call it.
revoke execute on function public.get_profile_completion_status() from public, anon;
grant execute on function public.get_profile_completion_status() to authenticated, service_role;
