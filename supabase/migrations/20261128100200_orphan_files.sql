-- The sweep of evidence objects no row points to (issue 39, item 9).
--
-- An upload that finishes but is never finalised (the browser closed between the upload and the evidence-files
-- function's `finalize`; a finalize that failed to remove a refused object; a member who removed a file row but not
-- its object; an organisation deleted with its rows) leaves an object in the `evidence` bucket that nothing refers to.
-- The scheduled edge function sweep-orphan-files asks this function which objects those are and removes them
-- through the Storage API (SQL must not delete from storage.objects: hosted Supabase refuses it, and the bytes
-- would stay in the object store).
--
-- An object is an orphan when no evidence row (`assessment_evidence.storage_path`) and no action's verification
-- (`actions.verification_file_path`) names it, and it was written (created, or last replaced) more than 24 hours
-- ago by the database's own clock: an upload under way is finalised within seconds, and a caller cannot move the
-- clock to sweep fresh ones. Oldest first, at most p_limit (1 to 1000, the Storage API's limit for one removal).
-- Service role only.
create or replace function public.orphan_evidence_objects(p_limit integer)
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(x.name order by x.written, x.name), '{}')
    from (
      select o.name, greatest(o.created_at, coalesce(o.updated_at, o.created_at)) as written
        from storage.objects o
       where o.bucket_id = 'evidence'
         and greatest(o.created_at, coalesce(o.updated_at, o.created_at)) < now() - interval '24 hours'
         and not exists (select 1 from public.assessment_evidence e where e.storage_path = o.name)
         and not exists (select 1 from public.actions a where a.verification_file_path = o.name)
       order by 2, 1
       limit least(greatest(coalesce(p_limit, 1000), 1), 1000)
    ) x
$$;

revoke execute on function public.orphan_evidence_objects(integer) from public, anon, authenticated;
grant execute on function public.orphan_evidence_objects(integer) to service_role;
