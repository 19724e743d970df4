-- Publish means live: every change staff make to what visitors see refreshes the static site.
--
-- 1. A trigger records a site change whenever a post that visitors see, or saw until now, is
--    published, unpublished, edited or deleted (public.site_changes).
-- 2. The refresh-site function runs on a schedule (Supabase Cron on hosted, the local stack's
--    scheduler here). It calls claim_site_build(), which records the scheduled posts that came
--    due, and, once the changes have been quiet for a moment (or waited long enough), opens one
--    build for all of them: a burst of saves makes one build. One build runs at a time.
-- 3. The function then calls the site's build hook. A build is live once the site's build.json
--    says its data was read after the build started; finish_site_build() records that, or the
--    failure. A build the host never finishes fails after build_timeout_seconds; the changes of
--    a failed build are built again after retry_seconds.
-- 4. post_site_status() tells the editor whether a post's public page is up to date.

create type public.site_build_status as enum ('building', 'live', 'failed');

create table public.site_builds (
  id bigint generated always as identity primary key,
  status public.site_build_status not null default 'building',
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  detail text
);

comment on table public.site_builds is
  'Refreshes of the static site: one per burst of changes, building until the site shows its data.';

create table public.site_changes (
  id bigint generated always as identity primary key,
  -- No foreign key: a deleted post's removal is a change too.
  post_id uuid not null,
  changed_at timestamptz not null default now(),
  -- Null until a build takes the change.
  build_id bigint references public.site_builds (id) on delete cascade
);

comment on table public.site_changes is
  'Changes to what visitors see (a post published, unpublished, edited, deleted or come due).';

create index site_changes_post_id_idx on public.site_changes (post_id, id desc);
create index site_changes_pending_idx on public.site_changes (changed_at) where build_id is null;
create index site_changes_build_id_idx on public.site_changes (build_id);
create index site_builds_building_idx on public.site_builds (started_at) where status = 'building';

-- Staff read both (the editor's status line); only the service role writes.
alter table public.site_builds enable row level security;
alter table public.site_changes enable row level security;
revoke all on table public.site_builds, public.site_changes from public, anon, authenticated;
grant select on table public.site_builds, public.site_changes to authenticated;
grant all on table public.site_builds, public.site_changes to service_role;

create policy "site_builds: staff read builds"
  on public.site_builds for select to authenticated
  using ((select public.is_admin()));

create policy "site_changes: staff read changes"
  on public.site_changes for select to authenticated
  using ((select public.is_admin()));

-- Up to when scheduled posts coming due have been recorded as changes.
create table private.site_schedule_clock (
  only_row boolean primary key default true check (only_row),
  checked_until timestamptz not null
);
insert into private.site_schedule_clock (checked_until) values (now());
revoke all on table private.site_schedule_clock from public, anon, authenticated;

-- --------------------------------------------------------------------------------------------
-- What visitors see changed.
-- --------------------------------------------------------------------------------------------

create or replace function private.record_site_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  was_public boolean := tg_op <> 'INSERT'
    and old.status = 'published' and old.published_at <= pg_catalog.now();
  is_public boolean := tg_op <> 'DELETE'
    and new.status = 'published' and new.published_at <= pg_catalog.now();
begin
  if was_public or is_public then
    insert into public.site_changes (post_id)
    values (case when tg_op = 'DELETE' then old.id else new.id end);
  end if;
  return null;
end;
$$;

create trigger blog_posts_record_site_change
  after insert or update or delete on public.blog_posts
  for each row execute function private.record_site_change();

-- --------------------------------------------------------------------------------------------
-- Builds, for the refresh-site function (service role only).
-- --------------------------------------------------------------------------------------------

create or replace function public.claim_site_build(
  quiet_seconds integer default 20,
  longest_wait_seconds integer default 120,
  build_timeout_seconds integer default 1800,
  retry_seconds integer default 60
)
returns setof public.site_builds
language plpgsql
security definer
set search_path = ''
as $$
declare
  first_change timestamptz;
  last_change timestamptz;
  claimed public.site_builds;
begin
  -- Two schedules firing at once must not open two builds.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('public.claim_site_build'));

  -- Scheduled posts that came due, changed when they did; a post published on the spot was
  -- recorded by its save.
  insert into public.site_changes (post_id, changed_at)
  select post.id, post.published_at
    from public.blog_posts post, private.site_schedule_clock clock
   where post.status = 'published'
     and post.published_at > clock.checked_until
     and post.published_at <= pg_catalog.now()
     and not exists (select from public.site_changes change
                      where change.post_id = post.id and change.changed_at >= post.published_at);
  update private.site_schedule_clock set checked_until = pg_catalog.now();

  update public.site_builds
     set status = 'failed', finished_at = pg_catalog.now(),
         detail = pg_catalog.format('The site did not show this build within %s seconds.', build_timeout_seconds)
   where status = 'building'
     and started_at < pg_catalog.now() - pg_catalog.make_interval(secs => build_timeout_seconds);
  delete from public.site_builds where finished_at < pg_catalog.now() - interval '30 days';
  -- A failed build is tried again after a while: a host that was down must not leave the site
  -- stale until the next save.
  update public.site_changes change
     set build_id = null
    from public.site_builds build
   where build.id = change.build_id
     and build.status = 'failed'
     and build.finished_at < pg_catalog.now() - pg_catalog.make_interval(secs => retry_seconds);

  if exists (select from public.site_builds where status = 'building') then
    return;
  end if;

  select min(changed_at), max(changed_at) into first_change, last_change
    from public.site_changes where build_id is null;
  if first_change is null
     or (last_change > pg_catalog.now() - pg_catalog.make_interval(secs => quiet_seconds)
         and first_change > pg_catalog.now() - pg_catalog.make_interval(secs => longest_wait_seconds)) then
    return;
  end if;

  insert into public.site_builds default values returning * into claimed;
  update public.site_changes set build_id = claimed.id where build_id is null;
  return next claimed;
end;
$$;

create or replace function public.finish_site_build(
  build_id bigint,
  outcome public.site_build_status,
  outcome_detail text default null
)
returns void
language sql
security definer
set search_path = ''
as $$
  update public.site_builds
     set status = outcome, finished_at = pg_catalog.now(), detail = outcome_detail
   where id = build_id and status = 'building' and outcome <> 'building';
$$;

revoke all on function public.claim_site_build(integer, integer, integer, integer) from public, anon, authenticated;
revoke all on function public.finish_site_build(bigint, public.site_build_status, text) from public, anon, authenticated;
grant execute on function public.claim_site_build(integer, integer, integer, integer) to service_role;
grant execute on function public.finish_site_build(bigint, public.site_build_status, text) to service_role;
revoke all on function private.record_site_change() from public, anon, authenticated;

-- --------------------------------------------------------------------------------------------
-- The editor's status line.
-- --------------------------------------------------------------------------------------------

-- Live once a build that started after the post's last change is live (every build renders the
-- whole current state); building while one will take it; failed when its build failed and no
-- later one succeeded. Null when the post never changed what visitors see.
create or replace function public.post_site_status(post_id uuid)
returns public.site_build_status
language sql
stable
security invoker
set search_path = ''
as $$
  select case
           when exists (select from public.site_builds build
                         where build.status = 'live' and build.started_at >= change.changed_at)
             then 'live'
           when change.build_id is null
             or exists (select from public.site_builds build
                         where build.status = 'building' and build.started_at >= change.changed_at)
             then 'building'
           else (select build.status from public.site_builds build where build.id = change.build_id)
         end::public.site_build_status
    from public.site_changes change
   where change.post_id = post_site_status.post_id
   order by change.id desc
   limit 1;
$$;

revoke all on function public.post_site_status(uuid) from public, anon;
grant execute on function public.post_site_status(uuid) to authenticated, service_role;
