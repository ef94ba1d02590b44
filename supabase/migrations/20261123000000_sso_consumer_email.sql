-- SSO on a personal address (issue 15): the sign-up form's refusal of consumer domains stays; an OAuth provider's
-- account on one is let in without a profile row, so the onboarding gate's 'Please use a company email' path
-- (sign out, back to sign-up) is what the person sees. Without a profile row it can read or change nothing.
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
    -- A provider's account (Google, Apple, ...) on a personal address gets no workspace, but the sign-in itself
    -- goes through, so the onboarding gate can say 'Please use a company email' and sign it out (a refusal
    -- here would reach the person as GoTrue's bare 'Database error saving new user').
    if provider <> 'email' then
      return new;
    end if;
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
