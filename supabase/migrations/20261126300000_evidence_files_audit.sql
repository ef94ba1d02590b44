-- The audit trail names evidence files (issue 30 items 1 and 4). Evidence files (20261126000000) and the audit trail
-- (20261126100000) were made side by side: the trail recorded a file's evidence row with its note and link, which a
-- file has neither of, so "Evidence added" said nothing of which file. The file's name, type and size now go into
-- the event's detail too (never its storage path: the trail is read by every member, the path is not a name).
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
    jsonb_strip_nulls(jsonb_build_object('evidence_id', e.id, 'kind', e.kind, 'note', e.note, 'url', e.url,
      'file_name', e.file_name, 'content_type', e.content_type, 'file_size', e.file_size)));
  return null;
end
$$;

revoke execute on function private.audit_evidence() from public, anon, authenticated, service_role;
