-- Reference tables for the regulators' frameworks (src/domain/frameworks): framework ids, versions, scales and
-- their points, groups, items, CQC's evidence categories and the conditions under which an item applies.
-- The database knows them so it can refuse a rating off an item's scale or an item of another framework
-- (composite foreign keys from the assessment tables, issue 29), whatever client sends it.
--
-- The rows are written by the generated migrations `<timestamp>_frameworks.sql` (npm run frameworks:sql), never
-- by a client: authenticated users may read them, nobody may write them. Prompts (our prose about each item)
-- are client-side content and are not stored here.

create table public.frameworks (
  id text primary key check (id ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  regulator text not null check (regulator in ('cqc', 'ofsted', 'bsr', 'rsh')),
  sector text not null check (sector in ('care', 'education', 'housing', 'construction'))
);

create table public.framework_versions (
  id text primary key,
  framework_id text not null references public.frameworks (id),
  version text not null check (version ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text not null check (char_length(name) between 1 and 200),
  short_name text not null check (char_length(short_name) between 1 and 40),
  -- Oldest first: the highest position of a framework is its current version.
  position integer not null check (position >= 0),
  -- The scoring method as src/domain/frameworks/types.ts ScoringMethod (kind, CQC's bands, Ofsted's rules).
  scoring jsonb not null check (scoring ->> 'kind' in ('cqc-percentage', 'ofsted-grades', 'compliance')),
  unique (framework_id, version),
  -- Target of the assessments' foreign key (version_id, framework_id): an assessment's framework is its version's.
  unique (id, framework_id),
  check (id = framework_id || '-' || version)
);

create table public.framework_scales (
  id text primary key check (id ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text not null check (char_length(name) between 1 and 200),
  -- 'ours' where the regulator publishes no scale; the notice is the sentence the product shows about it.
  source text not null check (source in ('regulator', 'ours')),
  notice text check (notice is null or char_length(notice) between 1 and 500),
  check ((source = 'ours') = (notice is not null))
);

create table public.framework_scale_points (
  scale_id text not null references public.framework_scales (id),
  value text not null check (value ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  score integer not null check (score >= 1),
  label text not null check (char_length(label) between 1 and 100),
  below_good boolean not null,
  primary key (scale_id, value),
  unique (scale_id, score) deferrable initially deferred
);

create table public.framework_conditions (
  version_id text not null references public.framework_versions (id),
  key text not null check (key ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text not null check (char_length(name) between 1 and 200),
  position integer not null check (position >= 0),
  primary key (version_id, key)
);

create table public.framework_evidence_categories (
  version_id text not null references public.framework_versions (id),
  key text not null check (key ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text not null check (char_length(name) between 1 and 200),
  position integer not null check (position >= 0),
  primary key (version_id, key)
);

create table public.framework_groups (
  id text primary key,
  version_id text not null references public.framework_versions (id),
  key text not null check (key ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text not null check (char_length(name) between 1 and 200),
  kind text not null check (kind in ('key-question', 'evaluation-areas', 'safeguarding', 'standard', 'duties')),
  judged_separately boolean not null,
  position integer not null check (position >= 0),
  unique (version_id, key),
  unique (id, version_id),
  check (id = version_id || '/' || key)
);

create table public.framework_items (
  id text primary key,
  version_id text not null references public.framework_versions (id),
  group_id text not null,
  key text not null check (key ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text not null check (char_length(name) between 1 and 200),
  scale_id text not null references public.framework_scales (id),
  condition text,
  position integer not null check (position >= 0),
  foreign key (group_id, version_id) references public.framework_groups (id, version_id),
  foreign key (version_id, condition) references public.framework_conditions (version_id, key),
  unique (group_id, key),
  -- Targets of the assessment tables' composite foreign keys: an item of this version, a value on this scale.
  unique (id, version_id),
  unique (id, scale_id),
  check (id = group_id || '/' || key)
);

create index framework_items_version_idx on public.framework_items (version_id);
create index framework_items_scale_idx on public.framework_items (scale_id);
create index framework_groups_version_idx on public.framework_groups (version_id);
create index framework_versions_framework_idx on public.framework_versions (framework_id);

-- Privileges and row-level security: readable by signed-in users, written only by migrations (the owner).
-- Hosted projects grant ALL on new public tables by default, so everything is revoked first.
alter table public.frameworks enable row level security;
alter table public.framework_versions enable row level security;
alter table public.framework_scales enable row level security;
alter table public.framework_scale_points enable row level security;
alter table public.framework_conditions enable row level security;
alter table public.framework_evidence_categories enable row level security;
alter table public.framework_groups enable row level security;
alter table public.framework_items enable row level security;

revoke all on public.frameworks, public.framework_versions, public.framework_scales, public.framework_scale_points,
  public.framework_conditions, public.framework_evidence_categories, public.framework_groups, public.framework_items
  from public, anon, authenticated, service_role;
grant select on public.frameworks, public.framework_versions, public.framework_scales, public.framework_scale_points,
  public.framework_conditions, public.framework_evidence_categories, public.framework_groups, public.framework_items
  to authenticated, service_role;

create policy frameworks_read on public.frameworks for select to authenticated using (true);
create policy framework_versions_read on public.framework_versions for select to authenticated using (true);
create policy framework_scales_read on public.framework_scales for select to authenticated using (true);
create policy framework_scale_points_read on public.framework_scale_points for select to authenticated using (true);
create policy framework_conditions_read on public.framework_conditions for select to authenticated using (true);
create policy framework_evidence_categories_read on public.framework_evidence_categories for select to authenticated using (true);
create policy framework_groups_read on public.framework_groups for select to authenticated using (true);
create policy framework_items_read on public.framework_items for select to authenticated using (true);
