-- Outbox retries: an e-mail whose first delivery failed (or never ran, e.g. the function was stopped
-- after storing) is claimed by a later send-contact call and tried again, at most 5 times.
-- claimed_until stops two concurrent invocations from sending the same e-mail.
alter table public.mail_outbox add column if not exists claimed_until timestamptz;

create or replace function public.claim_outbox_retries(p_limit integer default 3)
returns setof public.mail_outbox
language sql
security definer
set search_path = ''
as $$
  update public.mail_outbox o
     set claimed_until = now() + interval '2 minutes'
   where o.id in (
     select id from public.mail_outbox
      where status in ('pending', 'failed')
        and attempts < 5
        and created_at < now() - interval '1 minute'
        and (claimed_until is null or claimed_until < now())
      order by created_at
      limit greatest(0, least(p_limit, 20))
      for update skip locked
   )
  returning o.*
$$;

revoke execute on function public.claim_outbox_retries(integer) from public, anon, authenticated;
grant execute on function public.claim_outbox_retries(integer) to service_role;
