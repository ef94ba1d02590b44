-- Pending invitations shown to the signed-in invitee (issue 39, item 9): /app lists my_invitations() (20261124000100)
-- with Accept (accept_my_invitation) and Decline. Declining withdraws the invitation as its admin's revoke_invitation
-- does (revoked_at; revoked_by is the invitee, so the trail says who), so it leaves the invitee's list and the team
-- page's open invitations, and its link says it was withdrawn. Only the invited address (signed in, confirmed) may
-- decline, and only a pending invitation; declining one already declined is a success (a retry after a lost reply).
-- Returns the invitee's pending invitations left, as my_invitations() does.
create or replace function private.decline_my_invitation(p_invitation_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  inv public.invitations;
begin
  if uid is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  select i.* into inv from public.invitations i join auth.users au on lower(au.email) = i.email
   where i.id = p_invitation_id and au.id = uid and au.email_confirmed_at is not null
     for update of i;
  if not found then
    raise exception 'There is no invitation for you with this id.' using errcode = 'PT404', hint = 'invitation_not_found';
  end if;
  if inv.accepted_at is not null then
    raise exception 'You have already accepted this invitation.' using errcode = 'PT410', hint = 'invitation_used';
  end if;
  if inv.revoked_at is null then
    update public.invitations set revoked_at = now(), revoked_by = uid where id = inv.id;
  end if;
  return private.my_invitations();
end
$$;

create or replace function public.decline_my_invitation(p_invitation_id uuid) returns jsonb
language sql security invoker set search_path = ''
as $$ select private.decline_my_invitation(p_invitation_id) $$;

revoke execute on function private.decline_my_invitation(uuid) from public, anon, authenticated, service_role;
grant execute on function private.decline_my_invitation(uuid) to authenticated, service_role;
revoke execute on function public.decline_my_invitation(uuid) from public, anon;
grant execute on function public.decline_my_invitation(uuid) to authenticated, service_role;
