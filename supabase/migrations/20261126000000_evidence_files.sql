-- Evidence files (issue 30, item 1): files attached to an assessed item, kept in Supabase Storage.
--
-- Storage (the storage schema is hosted Supabase's own; locally supabase/local/bootstrap.sql creates it): a private
-- bucket `evidence`, 20 MB per file, PDFs, images and office documents only. An object's name is
-- `<organisation>/<item>/<uuid>` (the item id has slashes of its own, e.g. cqc-saf-2024/safe/learning-culture), and
-- the policies on storage.objects let only members of the organisation named by the first folder read, write or
-- remove it. Viewing is by signed URL (made by a member; the policy decides who may sign).
--
-- Rows: a file is a piece of evidence, `assessment_evidence` of kind 'file' with its storage path, original name,
-- size and the content type detected from its bytes. So a file counts as evidence for a rating (the rating trigger
-- asks for any evidence row) and the dashboard's one embedded select already brings it. Members never insert a
-- file row themselves: the evidence-files edge function does, with the service role, after it has read the stored
-- object's first bytes and found them to be of an allowed type (supabase/functions/_shared/evidenceFiles.ts). A
-- member may delete a file row (then remove the object), unless it is the last evidence of a rated item.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'evidence', 'evidence', false, 20971520,
  array[
    'application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/msword', 'application/vnd.ms-excel', 'application/vnd.ms-powerpoint',
    'application/vnd.oasis.opendocument.text', 'application/vnd.oasis.opendocument.spreadsheet'
  ]
)
on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

-- `<organisation uuid>/<framework item id>/<uuid>`: the shape every evidence object and row has.
create or replace function private.evidence_path_ok(p_name text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_name ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[a-z0-9-]+(/[a-z0-9-]+)+/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
$$;

create policy evidence_objects_select_member on storage.objects for select to authenticated
  using (bucket_id = 'evidence' and (storage.foldername(name))[1] in (select o::text from private.member_organisation_ids() o));
create policy evidence_objects_insert_member on storage.objects for insert to authenticated
  with check (
    bucket_id = 'evidence' and private.evidence_path_ok(name)
    and (storage.foldername(name))[1] in (select o::text from private.member_organisation_ids() o)
  );
create policy evidence_objects_delete_member on storage.objects for delete to authenticated
  using (bucket_id = 'evidence' and (storage.foldername(name))[1] in (select o::text from private.member_organisation_ids() o));

-- The file rows.
alter table public.assessment_evidence
  add column storage_path text,
  add column file_name text check (file_name is null or (char_length(file_name) between 1 and 200 and file_name !~ '[/\\[:cntrl:]]')),
  add column file_size integer check (file_size is null or file_size between 1 and 20971520),
  add column content_type text;

alter table public.assessment_evidence drop constraint assessment_evidence_kind_check;
alter table public.assessment_evidence add constraint assessment_evidence_kind_check check (kind in ('note', 'link', 'file'));
alter table public.assessment_evidence drop constraint assessment_evidence_content;
alter table public.assessment_evidence add constraint assessment_evidence_content check (
  (kind = 'note' and note is not null and url is null and storage_path is null)
  or (kind = 'link' and url is not null and storage_path is null)
  or (kind = 'file' and note is null and url is null and storage_path is not null and file_name is not null
      and file_size is not null and content_type is not null
      and storage_path like organisation_id::text || '/' || item_id || '/%'
      and private.evidence_path_ok(storage_path))
);
create unique index assessment_evidence_storage_path_key on public.assessment_evidence (storage_path);

-- Removing a file: a member of its organisation, and never the last evidence a rating rests on.
create or replace function private.assessment_evidence_before_delete()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from public.organisations o where o.id = old.organisation_id) then
    return old; -- the cascade of an organisation's deletion
  end if;
  if old.kind <> 'file' then
    raise exception 'Notes and links are never removed.' using errcode = 'PT403', hint = 'evidence_permanent';
  end if;
  if exists (
    select 1 from public.assessment_items i
     where i.assessment_id = old.assessment_id and i.item_id = old.item_id and i.organisation_id = old.organisation_id
       and i.rating is not null
  ) and not exists (
    select 1 from public.assessment_evidence e
     where e.assessment_id = old.assessment_id and e.item_id = old.item_id and e.organisation_id = old.organisation_id
       and e.id <> old.id
  ) then
    raise exception 'This file is the only evidence for the rating: add other evidence before removing it.'
      using errcode = 'PT409', hint = 'last_evidence';
  end if;
  return old;
end
$$;

create trigger assessment_evidence_before_delete before delete on public.assessment_evidence
  for each row execute function private.assessment_evidence_before_delete();

grant delete on public.assessment_evidence to authenticated;
create policy assessment_evidence_delete_member on public.assessment_evidence for delete to authenticated
  using (kind = 'file' and organisation_id in (select private.member_organisation_ids()));

revoke execute on function private.assessment_evidence_before_delete() from public, anon, authenticated, service_role;
revoke execute on function private.evidence_path_ok(text) from public, anon;
grant execute on function private.evidence_path_ok(text) to authenticated, service_role;
