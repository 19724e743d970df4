-- Linked translations (docs/ARCHITECTURE.md, decision 3): a post and its translation name each
-- other (hreflang both ways, the sitemap's alternates, the language toggle).
--
-- 1. Every post belongs to a translation group, its own one to begin with; a translation is
--    inserted into the group of the post it translates. A group holds at most one post per
--    language, so the posts of a group are always in different languages, and a post's
--    translation is simply the other post of its group.
--    Why a group rather than a `translation_of` pointer: no post is "the original" that the
--    others hang on. Deleting either post of a pair leaves the other whole and still in its
--    group (no foreign key to cascade or to set null), and a new translation of it joins the
--    same group; a pointer would need rules for chains (a translation of a translation) and for
--    the original's deletion.
--    Clients set the group only when they insert a post (a translation joins its group then);
--    no one but the service role moves a post to another group afterwards.
-- 2. Visitors read the column on the posts they may read, as every other one. It is a random
--    value that every post has from the start, so it does not tell whether a translation
--    exists; reading by it returns only published, due posts (the table's policy), so an
--    unpublished translation stays unknown to visitors.
-- 3. A post's page names its translation's address, so when that address appears, goes or
--    moves (the translation published, unpublished, deleted, re-slugged, or coming due), the
--    partner's page changes too: the site-change trigger and claim_site_build record the
--    partner as changed as well (decision 14), and the editor's status line follows its rebuild.

-- A volatile default gives each existing post a group of its own.
alter table public.blog_posts
  add column translation_group uuid not null default gen_random_uuid();

comment on column public.blog_posts.translation_group is
  'The post and its translations: at most one post per language. A new post starts its own group.';

alter table public.blog_posts
  add constraint blog_posts_translation_group_language_key unique (translation_group, language);

grant insert (translation_group) on table public.blog_posts to authenticated;

-- --------------------------------------------------------------------------------------------
-- Partners in the site refresh.
-- --------------------------------------------------------------------------------------------

-- The posts of a group that visitors see, but one: the pages that name that one's address.
create or replace function private.public_translations(translation_group uuid, except_post uuid)
returns setof uuid
language sql
stable
set search_path = ''
as $$
  select post.id
    from public.blog_posts post
   where post.translation_group = public_translations.translation_group
     and post.id <> except_post
     and post.status = 'published'
     and post.published_at <= pg_catalog.now();
$$;

revoke all on function private.public_translations(uuid, uuid) from public, anon, authenticated;

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
  changed_post uuid := case when tg_op = 'DELETE' then old.id else new.id end;
  -- Whether the post's public address appeared, went or moved: what its partners' pages show.
  address_changed boolean := tg_op <> 'UPDATE' or was_public <> is_public
    or (old.slug, old.language, old.translation_group)
       is distinct from (new.slug, new.language, new.translation_group);
begin
  if not (was_public or is_public) then
    return null;
  end if;
  insert into public.site_changes (post_id) values (changed_post);
  if address_changed then
    insert into public.site_changes (post_id)
    select partner from private.public_translations(old.translation_group, changed_post) partner
     where was_public
    union
    select partner from private.public_translations(new.translation_group, changed_post) partner
     where is_public;
  end if;
  return null;
end;
$$;

revoke all on function private.record_site_change() from public, anon, authenticated;

-- As in 20261123142200_site_refresh.sql, but a scheduled post coming due records its partner too.
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

  -- Scheduled posts that came due, changed when they did, and the published translations that
  -- now name them; a post published on the spot was recorded by its save.
  with due as (
    insert into public.site_changes (post_id, changed_at)
    select post.id, post.published_at
      from public.blog_posts post, private.site_schedule_clock clock
     where post.status = 'published'
       and post.published_at > clock.checked_until
       and post.published_at <= pg_catalog.now()
       and not exists (select from public.site_changes change
                        where change.post_id = post.id and change.changed_at >= post.published_at)
    returning post_id, changed_at
  )
  insert into public.site_changes (post_id, changed_at)
  select partner, due.changed_at
    from due
    join public.blog_posts post on post.id = due.post_id
    cross join lateral private.public_translations(post.translation_group, post.id) partner;
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

revoke all on function public.claim_site_build(integer, integer, integer, integer) from public, anon, authenticated;
grant execute on function public.claim_site_build(integer, integer, integer, integer) to service_role;
