-- Self-assessment (issue 29): an organisation's assessments against the regulators' frameworks, the current state
-- of each assessed item, the evidence attached to it and the append-only history of its ratings.
--
-- Every table is organisation-owned and sits behind the fence (docs/backend.md, "Organisation-owned tables"):
-- `organisation_id`, RLS on, one policy per command through private.member_organisation_ids(), which reads
-- memberships live with `(select auth.uid())`.
--
-- The database refuses what no client may write, whatever path the write takes (supabase-js, the RPC below, the
-- service role): composite foreign keys to the framework reference tables (20261124100000) keep an item's row to
-- an item of its assessment's framework version, its rating to a point of that item's own scale and its CQC
-- evidence category to one of that version's; a rating needs evidence; the history cannot be changed; an
-- assessment with answers cannot be deleted (archive it instead). Note for later framework migrations: an item
-- that has been assessed can no longer be pruned from framework_items (the foreign keys refuse), which is what
-- "assessments keep the version they were made against" needs.
--
-- What the browser does, and how:
--   read         select (embedded) as the signed-in user: assessments?select=*,assessment_items(*,assessment_evidence(*))
--                is the dashboard in one request; assessment_item_history for change over time.
--   start        insert into assessments (organisation_id, framework_id, framework_version_id), or sync_assessments().
--   archive      update assessments set archived_at (the server stamps the time and who); never delete.
--   conditions   update assessments set conditions ({"early-years": true}: the version's conditions only).
--   evidence     insert into assessment_evidence (organisation_id, assessment_id, item_id, kind, note, url): the item
--                is then "in progress" (its row is made if it had none). Evidence is never edited nor deleted.
--   rate/review  rpc rate_item(...): why an RPC, at the function.
--   setup again  rpc sync_assessments(frameworks): why an RPC, at the function.
--
-- Item status: no row = not started; 'in-progress' (evidence but no rating); 'rated'; 'reviewed' (rated again as a
-- review). "Due for review" is computed from rated_at and the organisation's review frequency
-- (src/domain/frameworks/review.ts), not stored.

-- An assessment per organisation per framework version. At most one open (not archived) per organisation and
-- framework; archived ones keep every answer and can be reopened.
create table public.assessments (
  id uuid primary key default gen_random_uuid(),
  organisation_id uuid not null references public.organisations (id) on delete cascade,
  framework_id text not null,
  framework_version_id text not null,
  -- Answers to the version's conditions (Ofsted: has early years / a sixth form): key -> boolean.
  conditions jsonb not null default '{}'::jsonb,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  archived_at timestamptz,
  archived_by uuid references auth.users (id) on delete set null,
  -- The version is the framework's: an assessment of 'ofsted-eif' cannot be made against 'cqc-saf-2024'.
  constraint assessments_framework_version_fkey foreign key (framework_version_id, framework_id)
    references public.framework_versions (id, framework_id),
  -- Target of assessment_items' foreign key: an item's organisation and version are its assessment's.
  constraint assessments_id_organisation_version_key unique (id, organisation_id, framework_version_id),
  constraint assessments_archived_by_only_when_archived check (archived_at is not null or archived_by is null)
);
create unique index assessments_one_open_per_framework on public.assessments (organisation_id, framework_id)
  where archived_at is null;
create index assessments_organisation_idx on public.assessments (organisation_id, created_at);
create index assessments_framework_version_idx on public.assessments (framework_version_id, framework_id);
create index assessments_created_by_idx on public.assessments (created_by);
create index assessments_archived_by_idx on public.assessments (archived_by);

-- The current state of each assessed item. `version` counts the item's ratings (0: evidence only, never rated):
-- a rating names the version it was made from and is refused when another has been made since (rate_item).
create table public.assessment_items (
  id uuid primary key default gen_random_uuid(),
  organisation_id uuid not null,
  assessment_id uuid not null,
  framework_version_id text not null,
  item_id text not null,
  scale_id text not null,
  status text not null default 'in-progress' check (status in ('in-progress', 'rated', 'reviewed')),
  rating text,
  evidence_category text,
  rated_by uuid references auth.users (id) on delete set null,
  rated_at timestamptz,
  reviewed_at timestamptz,
  version integer not null default 0 check (version >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint assessment_items_assessment_fkey foreign key (assessment_id, organisation_id, framework_version_id)
    references public.assessments (id, organisation_id, framework_version_id) on delete cascade,
  -- An item of the assessment's own framework version ...
  constraint assessment_items_item_fkey foreign key (item_id, framework_version_id)
    references public.framework_items (id, version_id),
  -- ... with that item's own scale ...
  constraint assessment_items_scale_fkey foreign key (item_id, scale_id)
    references public.framework_items (id, scale_id),
  -- ... rated on a point of that scale (MATCH SIMPLE: no rating, nothing to check) ...
  constraint assessment_items_rating_fkey foreign key (scale_id, rating)
    references public.framework_scale_points (scale_id, value),
  -- ... and, for CQC, one of the version's evidence categories.
  constraint assessment_items_evidence_category_fkey foreign key (framework_version_id, evidence_category)
    references public.framework_evidence_categories (version_id, key),
  constraint assessment_items_one_per_item unique (assessment_id, item_id),
  -- Targets of the evidence's and the history's foreign keys (their organisation is the item's).
  constraint assessment_items_item_organisation_key unique (assessment_id, item_id, organisation_id),
  constraint assessment_items_id_organisation_key unique (id, organisation_id),
  constraint assessment_items_rated_has_rating check ((status = 'in-progress') = (rating is null)),
  constraint assessment_items_rating_has_time check (rating is null or rated_at is not null),
  constraint assessment_items_reviewed_has_time check (status <> 'reviewed' or reviewed_at is not null)
);
create index assessment_items_organisation_idx on public.assessment_items (organisation_id);
create index assessment_items_rated_by_idx on public.assessment_items (rated_by);

-- Evidence attached to an item: a note, or a link (with an optional note saying what it is). Files: issue 30.
create table public.assessment_evidence (
  id uuid primary key default gen_random_uuid(),
  organisation_id uuid not null,
  assessment_id uuid not null,
  item_id text not null,
  kind text not null check (kind in ('note', 'link')),
  note text check (note is null or char_length(btrim(note)) between 1 and 4000),
  url text check (url is null or (char_length(url) <= 2000 and url ~ '^https?://[^[:space:]]+$')),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint assessment_evidence_item_fkey foreign key (assessment_id, item_id, organisation_id)
    references public.assessment_items (assessment_id, item_id, organisation_id) on delete cascade,
  constraint assessment_evidence_content check (
    (kind = 'note' and note is not null and url is null) or (kind = 'link' and url is not null)
  )
);
create index assessment_evidence_item_idx on public.assessment_evidence (assessment_id, item_id, organisation_id, created_at);
create index assessment_evidence_organisation_idx on public.assessment_evidence (organisation_id);
create index assessment_evidence_created_by_idx on public.assessment_evidence (created_by);

-- Every rating and review, as it was made: written only by the trigger on assessment_items, never changed.
create table public.assessment_item_history (
  id bigint generated by default as identity primary key,
  organisation_id uuid not null,
  assessment_item_id uuid not null,
  assessment_id uuid not null,
  item_id text not null,
  version integer not null check (version >= 1),
  status text not null check (status in ('rated', 'reviewed')),
  rating text not null,
  scale_id text not null,
  evidence_category text,
  rated_by uuid references auth.users (id) on delete set null,
  rated_at timestamptz not null,
  constraint assessment_item_history_item_fkey foreign key (assessment_item_id, organisation_id)
    references public.assessment_items (id, organisation_id) on delete cascade,
  constraint assessment_item_history_one_per_version unique (assessment_item_id, organisation_id, version)
);
create index assessment_item_history_organisation_idx on public.assessment_item_history (organisation_id, assessment_id);
create index assessment_item_history_rated_by_idx on public.assessment_item_history (rated_by);

-- Triggers: what holds whoever writes.

-- Assessments: the server stamps who made and archived one; conditions must be the version's; an assessment
-- with answers is never deleted (unless its organisation is: the cascade of an organisation's deletion).
create or replace function private.assessments_before_write()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    if exists (select 1 from public.organisations o where o.id = old.organisation_id)
       and exists (select 1 from public.assessment_items i where i.assessment_id = old.id) then
      raise exception 'This assessment has answers, which are never deleted: archive it instead.'
        using errcode = 'PT409', hint = 'assessment_has_answers';
    end if;
    return old;
  end if;
  if jsonb_typeof(new.conditions) is distinct from 'object' or exists (
    select 1 from jsonb_each(new.conditions) c
     where jsonb_typeof(c.value) <> 'boolean'
        or not exists (select 1 from public.framework_conditions fc where fc.version_id = new.framework_version_id and fc.key = c.key)
  ) then
    raise exception 'Conditions must be answered yes or no, and only those of this framework.'
      using errcode = '22023', hint = 'invalid_conditions';
  end if;
  if tg_op = 'INSERT' then
    new.created_by := coalesce((select auth.uid()), new.created_by);
    new.created_at := now();
    if new.archived_at is not null then
      new.archived_at := now();
      new.archived_by := coalesce((select auth.uid()), new.archived_by);
    end if;
    return new;
  end if;
  if new.id <> old.id or new.organisation_id <> old.organisation_id or new.framework_id <> old.framework_id
     or new.framework_version_id <> old.framework_version_id then
    raise exception 'An assessment keeps its organisation and the framework version it was made against.'
      using errcode = '22023', hint = 'assessment_immutable';
  end if;
  new.created_by := old.created_by;
  new.created_at := old.created_at;
  if new.archived_at is null then
    new.archived_by := null;
  elsif old.archived_at is null then
    new.archived_at := now();
    new.archived_by := (select auth.uid());
  else
    new.archived_at := old.archived_at;
    new.archived_by := old.archived_by;
  end if;
  return new;
end
$$;

create trigger assessments_before_write before insert or update or delete on public.assessments
  for each row execute function private.assessments_before_write();

-- Items: a rating needs evidence (and, for CQC, its category); an archived assessment takes no new answers;
-- any change to the rating counts as a new version, whoever writes it, so the history misses none.
create or replace function private.assessment_items_before_write()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    if new.id <> old.id or new.organisation_id <> old.organisation_id or new.assessment_id <> old.assessment_id
       or new.item_id <> old.item_id or new.framework_version_id <> old.framework_version_id then
      raise exception 'An assessed item keeps its assessment and item.' using errcode = '22023', hint = 'item_immutable';
    end if;
    if (new.status, new.rating, new.evidence_category, new.rated_by, new.rated_at, new.reviewed_at)
       is distinct from (old.status, old.rating, old.evidence_category, old.rated_by, old.rated_at, old.reviewed_at) then
      new.version := old.version + 1;
    else
      new.version := old.version;
    end if;
    new.created_at := old.created_at;
  else
    new.version := case when new.rating is null then 0 else 1 end;
  end if;
  new.updated_at := now();
  if exists (select 1 from public.assessments a where a.id = new.assessment_id and a.archived_at is not null) then
    raise exception 'This assessment is archived: reopen it to change its answers.' using errcode = 'PT409', hint = 'assessment_archived';
  end if;
  if new.rating is not null then
    if not exists (
      select 1 from public.assessment_evidence e
       where e.assessment_id = new.assessment_id and e.item_id = new.item_id and e.organisation_id = new.organisation_id
    ) then
      raise exception 'A rating needs at least one piece of evidence: add a note or a link.'
        using errcode = '22023', hint = 'evidence_required';
    end if;
    if new.evidence_category is null
       and exists (select 1 from public.framework_evidence_categories c where c.version_id = new.framework_version_id) then
      raise exception 'Choose the category of the evidence this rating rests on.' using errcode = '22023', hint = 'evidence_category_required';
    end if;
  end if;
  return new;
end
$$;

create trigger assessment_items_before_write before insert or update on public.assessment_items
  for each row execute function private.assessment_items_before_write();

-- The history: one row per rating or review, written here and only here (SECURITY DEFINER: no API role may
-- insert into it).
create or replace function private.record_item_history()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.rating is not null and (tg_op = 'INSERT' or new.version <> old.version) then
    insert into public.assessment_item_history
      (organisation_id, assessment_item_id, assessment_id, item_id, version, status, rating, scale_id, evidence_category, rated_by, rated_at)
    values
      (new.organisation_id, new.id, new.assessment_id, new.item_id, new.version, new.status, new.rating, new.scale_id,
       new.evidence_category, new.rated_by, new.rated_at);
  end if;
  return null;
end
$$;

create trigger assessment_items_record_history after insert or update on public.assessment_items
  for each row execute function private.record_item_history();

-- Append-only, whoever asks (the API roles have no update or delete privilege either): only the cascade of an
-- organisation's deletion removes history.
create or replace function private.history_append_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' and not exists (select 1 from public.organisations o where o.id = old.organisation_id) then
    return old;
  end if;
  raise exception 'The rating history is append-only: a rating is changed by rating again.'
    using errcode = 'PT403', hint = 'history_append_only';
end
$$;

create trigger assessment_item_history_append_only before update or delete on public.assessment_item_history
  for each row execute function private.history_append_only();

-- Evidence: stamped with its author; the item it is for must be of the assessment's framework version, in an
-- open assessment of the same organisation; an item with no row yet becomes "in progress". SECURITY DEFINER to
-- make that row (no API role may write assessment_items directly); it acts only for a member of the
-- organisation named (or the service role), and otherwise leaves the refusal to the insert policy.
create or replace function private.assessment_evidence_before_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  a public.assessments;
  scale text;
begin
  new.created_by := coalesce(uid, new.created_by);
  new.created_at := now();
  if uid is not null and new.organisation_id not in (select private.member_organisation_ids()) then
    return new; -- the policy refuses it (42501)
  end if;
  select * into a from public.assessments where id = new.assessment_id and organisation_id = new.organisation_id;
  if not found then
    raise exception 'No such assessment in your organisation.' using errcode = 'PT404', hint = 'assessment_not_found';
  end if;
  if a.archived_at is not null then
    raise exception 'This assessment is archived: reopen it to change its answers.' using errcode = 'PT409', hint = 'assessment_archived';
  end if;
  select fi.scale_id into scale from public.framework_items fi where fi.id = new.item_id and fi.version_id = a.framework_version_id;
  if not found then
    raise exception 'That item is not part of this assessment''s framework.' using errcode = '22023', hint = 'item_not_in_framework';
  end if;
  insert into public.assessment_items (organisation_id, assessment_id, framework_version_id, item_id, scale_id)
  values (a.organisation_id, a.id, a.framework_version_id, new.item_id, scale)
  on conflict (assessment_id, item_id) do nothing;
  return new;
end
$$;

create trigger assessment_evidence_before_insert before insert on public.assessment_evidence
  for each row execute function private.assessment_evidence_before_insert();

-- Rating an item. An RPC, not a PATCH, because it is one atomic change of several rows with a check across them:
-- the item's row (made if the item had none), the evidence sent with the rating, the rule that a rating needs
-- evidence, and the history row, in one transaction; and because a conflict must say who changed the item
-- ("changed by <name> — review and try again"), a name a member cannot read from users (RLS: own row only).
-- Concurrency: the item's row is locked (`for update`) before its version is compared, so of two ratings made
-- from the same version exactly one wins; the other waits for it, then sees the new version and is refused
-- (409, hint 'rating_conflict', details {version, changed_by, changed_at}). Nothing is ever silently overwritten.
--
-- p_expected_version: the item's `version` as the client last read it (0 for an item without a row).
-- p_evidence: a JSON array of {kind: 'note' | 'link', note?, url?} added with the rating (may be empty when the
-- item already has evidence). p_review: this rating is a review of an earlier one (status 'reviewed').
create or replace function private.rate_item(
  p_assessment_id uuid,
  p_item_id text,
  p_rating text,
  p_expected_version integer,
  p_evidence_category text,
  p_evidence jsonb,
  p_review boolean
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  me public.memberships := private.require_member(false);
  a public.assessments;
  item_scale text;
  cur public.assessment_items;
begin
  select * into a from public.assessments where id = p_assessment_id and organisation_id = me.organisation_id;
  if not found then
    raise exception 'No such assessment in your organisation.' using errcode = 'PT404', hint = 'assessment_not_found';
  end if;
  if a.archived_at is not null then
    raise exception 'This assessment is archived: reopen it to change its answers.' using errcode = 'PT409', hint = 'assessment_archived';
  end if;
  select fi.scale_id into item_scale from public.framework_items fi where fi.id = p_item_id and fi.version_id = a.framework_version_id;
  if not found then
    raise exception 'That item is not part of this assessment''s framework.' using errcode = '22023', hint = 'item_not_in_framework';
  end if;
  if not exists (select 1 from public.framework_scale_points sp where sp.scale_id = item_scale and sp.value = p_rating) then
    raise exception 'That rating is not on this item''s scale.' using errcode = '22023', hint = 'rating_off_scale';
  end if;
  if exists (select 1 from public.framework_evidence_categories c where c.version_id = a.framework_version_id) then
    if p_evidence_category is null then
      raise exception 'Choose the category of the evidence this rating rests on.' using errcode = '22023', hint = 'evidence_category_required';
    end if;
    if not exists (select 1 from public.framework_evidence_categories c where c.version_id = a.framework_version_id and c.key = p_evidence_category) then
      raise exception 'That is not one of this framework''s evidence categories.' using errcode = '22023', hint = 'invalid_evidence_category';
    end if;
  elsif p_evidence_category is not null then
    raise exception 'This framework has no evidence categories.' using errcode = '22023', hint = 'invalid_evidence_category';
  end if;
  if p_expected_version is null or p_expected_version < 0 then
    raise exception 'Say which version of the item this rating was made from.' using errcode = '22023', hint = 'invalid_version';
  end if;
  if jsonb_typeof(coalesce(p_evidence, '[]'::jsonb)) <> 'array' or jsonb_array_length(coalesce(p_evidence, '[]'::jsonb)) > 20
     or exists (select 1 from jsonb_array_elements(coalesce(p_evidence, '[]'::jsonb)) e where jsonb_typeof(e) <> 'object') then
    raise exception 'Evidence must be a list of at most 20 notes or links.' using errcode = '22023', hint = 'invalid_evidence';
  end if;

  -- The item's row, locked. A concurrent first rating of the same item waits here on the unique index, then
  -- finds the row the other one made.
  insert into public.assessment_items (organisation_id, assessment_id, framework_version_id, item_id, scale_id)
  values (a.organisation_id, a.id, a.framework_version_id, p_item_id, item_scale)
  on conflict (assessment_id, item_id) do nothing;
  select * into cur from public.assessment_items where assessment_id = a.id and item_id = p_item_id for update;
  if cur.version <> p_expected_version then
    raise exception 'changed by % — review and try again', coalesce(private.person_name(cur.rated_by), 'someone else')
      using errcode = 'PT409', hint = 'rating_conflict',
            detail = jsonb_build_object('version', cur.version, 'changed_by', cur.rated_by, 'changed_at', cur.rated_at)::text;
  end if;
  if p_review and cur.status = 'in-progress' then
    raise exception 'Only a rated item can be reviewed: rate it first.' using errcode = 'PT409', hint = 'not_rated';
  end if;

  insert into public.assessment_evidence (organisation_id, assessment_id, item_id, kind, note, url, created_by)
  select a.organisation_id, a.id, p_item_id, e ->> 'kind', e ->> 'note', e ->> 'url', me.user_id
    from jsonb_array_elements(coalesce(p_evidence, '[]'::jsonb)) e;

  -- The trigger checks the evidence (and category) and counts the version; the history trigger records it.
  update public.assessment_items
     set status = case when p_review then 'reviewed' else 'rated' end,
         rating = p_rating,
         evidence_category = p_evidence_category,
         rated_by = me.user_id,
         rated_at = now(),
         reviewed_at = case when p_review then now() else reviewed_at end
   where id = cur.id
  returning * into cur;

  return to_jsonb(cur) || jsonb_build_object(
    'rated_by_name', private.person_name(cur.rated_by),
    'evidence', coalesce((
      select jsonb_agg(to_jsonb(e) order by e.created_at, e.id) from public.assessment_evidence e
       where e.assessment_id = cur.assessment_id and e.item_id = cur.item_id), '[]'::jsonb)
  );
end
$$;

-- 'Run setup again': the organisation's open assessments become exactly the frameworks chosen. An RPC because it
-- is one atomic change of several rows, serialised per organisation (two people running setup at once cannot
-- leave two open assessments of a framework, nor archive what the other just opened): a framework dropped is
-- archived (its answers kept), a framework added reopens its latest archived assessment (whatever version it was
-- made against, answers and all) or starts one against the framework's current version. Returns the open ones.
create or replace function private.sync_assessments(p_framework_ids jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  me public.memberships := private.require_member(false);
  chosen text[];
  f text;
  reopen uuid;
begin
  if jsonb_typeof(p_framework_ids) is distinct from 'array'
     or exists (select 1 from jsonb_array_elements(p_framework_ids) x where jsonb_typeof(x) <> 'string') then
    raise exception 'Frameworks must be a list of framework ids.' using errcode = '22023', hint = 'unknown_framework';
  end if;
  select coalesce(array_agg(distinct x), '{}') into chosen from jsonb_array_elements_text(p_framework_ids) x;
  if exists (select 1 from unnest(chosen) c where not exists (select 1 from public.frameworks fw where fw.id = c)) then
    raise exception 'Unknown framework.' using errcode = '22023', hint = 'unknown_framework';
  end if;
  perform 1 from public.organisations where id = me.organisation_id for no key update;

  update public.assessments set archived_at = now()
   where organisation_id = me.organisation_id and archived_at is null and not (framework_id = any (chosen));

  foreach f in array chosen loop
    continue when exists (select 1 from public.assessments where organisation_id = me.organisation_id and framework_id = f and archived_at is null);
    select id into reopen from public.assessments
     where organisation_id = me.organisation_id and framework_id = f
     order by archived_at desc, created_at desc limit 1;
    if found then
      update public.assessments set archived_at = null where id = reopen;
    else
      insert into public.assessments (organisation_id, framework_id, framework_version_id)
      select me.organisation_id, f, v.id from public.framework_versions v where v.framework_id = f order by v.position desc limit 1;
    end if;
  end loop;

  return coalesce((
    select jsonb_agg(jsonb_build_object('id', a.id, 'framework_id', a.framework_id, 'framework_version_id', a.framework_version_id,
                                        'created_at', a.created_at) order by a.framework_id)
      from public.assessments a where a.organisation_id = me.organisation_id and a.archived_at is null), '[]'::jsonb);
end
$$;

-- The public API: SECURITY INVOKER wrappers (what PostgREST serves) over the private functions.
create or replace function public.rate_item(
  p_assessment_id uuid,
  p_item_id text,
  p_rating text,
  p_expected_version integer,
  p_evidence_category text default null,
  p_evidence jsonb default '[]'::jsonb,
  p_review boolean default false
) returns jsonb
language sql security invoker set search_path = ''
as $$ select private.rate_item(p_assessment_id, p_item_id, p_rating, p_expected_version, p_evidence_category, p_evidence, p_review) $$;

create or replace function public.sync_assessments(p_framework_ids jsonb) returns jsonb
language sql security invoker set search_path = ''
as $$ select private.sync_assessments(p_framework_ids) $$;

-- Privileges and row-level security. Hosted projects grant ALL on new public tables (and EXECUTE on new
-- functions) by default, so everything is revoked first, then exactly what each role needs is granted.
alter table public.assessments enable row level security;
alter table public.assessment_items enable row level security;
alter table public.assessment_evidence enable row level security;
alter table public.assessment_item_history enable row level security;

revoke all on public.assessments, public.assessment_items, public.assessment_evidence, public.assessment_item_history
  from public, anon, authenticated;
grant all on public.assessments, public.assessment_items, public.assessment_evidence, public.assessment_item_history
  to service_role;
grant select on public.assessments, public.assessment_items, public.assessment_evidence, public.assessment_item_history
  to authenticated;
-- Members start and archive assessments and answer conditions with plain inserts and updates (no delete: answers
-- are archived, never lost); they add evidence; items change only through rate_item and the evidence trigger;
-- the history only through its trigger.
grant insert (organisation_id, framework_id, framework_version_id, conditions) on public.assessments to authenticated;
grant update (conditions, archived_at) on public.assessments to authenticated;
grant insert (organisation_id, assessment_id, item_id, kind, note, url) on public.assessment_evidence to authenticated;

create policy assessments_select_member on public.assessments for select to authenticated
  using (organisation_id in (select private.member_organisation_ids()));
create policy assessments_insert_member on public.assessments for insert to authenticated
  with check (organisation_id in (select private.member_organisation_ids()));
create policy assessments_update_member on public.assessments for update to authenticated
  using (organisation_id in (select private.member_organisation_ids()))
  with check (organisation_id in (select private.member_organisation_ids()));
create policy assessment_items_select_member on public.assessment_items for select to authenticated
  using (organisation_id in (select private.member_organisation_ids()));
create policy assessment_evidence_select_member on public.assessment_evidence for select to authenticated
  using (organisation_id in (select private.member_organisation_ids()));
create policy assessment_evidence_insert_member on public.assessment_evidence for insert to authenticated
  with check (organisation_id in (select private.member_organisation_ids()));
create policy assessment_item_history_select_member on public.assessment_item_history for select to authenticated
  using (organisation_id in (select private.member_organisation_ids()));

-- Functions: nothing by default, then exactly who calls what.
revoke execute on function private.assessments_before_write() from public, anon, authenticated, service_role;
revoke execute on function private.assessment_items_before_write() from public, anon, authenticated, service_role;
revoke execute on function private.record_item_history() from public, anon, authenticated, service_role;
revoke execute on function private.history_append_only() from public, anon, authenticated, service_role;
revoke execute on function private.assessment_evidence_before_insert() from public, anon, authenticated, service_role;
revoke execute on function private.rate_item(uuid, text, text, integer, text, jsonb, boolean) from public, anon, authenticated, service_role;
revoke execute on function private.sync_assessments(jsonb) from public, anon, authenticated, service_role;
revoke execute on function public.rate_item(uuid, text, text, integer, text, jsonb, boolean) from public, anon;
revoke execute on function public.sync_assessments(jsonb) from public, anon;

grant execute on function public.rate_item(uuid, text, text, integer, text, jsonb, boolean) to authenticated, service_role;
grant execute on function public.sync_assessments(jsonb) to authenticated, service_role;
grant execute on function private.rate_item(uuid, text, text, integer, text, jsonb, boolean) to authenticated, service_role;
grant execute on function private.sync_assessments(jsonb) to authenticated, service_role;
