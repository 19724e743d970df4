-- Bylines come from staff profiles, never from login e-mails (docs/ARCHITECTURE.md, decision 15).
--
-- The editor used to propose the staff member's login e-mail as a new post's author, which was
-- then published on the post and in its structured data. Now:
-- 1. public.staff_profiles holds the name staff publish under (and a title and an avatar).
--    Staff read every profile and write only their own; nobody else reaches the table.
-- 2. Every staff account has a profile: one is made, from the e-mail's local part ("Admin" for
--    admin@appgrove.local), whenever a user becomes staff (created with the role, or promoted),
--    so admin:create, the local stack's staff account and the Supabase dashboard all give one.
--    Existing staff get theirs here.
-- 3. Posts whose author is an e-mail address get the display name of that address's staff
--    profile, or the team's name when there is none; then a check keeps e-mail addresses out of
--    bylines for good.

create table public.staff_profiles (
  user_id uuid primary key references auth.users (id) on delete cascade,
  display_name text not null,
  title text,
  avatar_url text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),

  -- A name as readers see it: one line, no surrounding spaces, and never an e-mail address.
  constraint staff_profiles_display_name_check check (
    char_length(display_name) between 1 and 100
    and display_name = btrim(display_name)
    and display_name !~ '[[:cntrl:]]'
    and position('@' in display_name) = 0
  ),
  constraint staff_profiles_title_check check (
    title is null or (
      char_length(title) between 1 and 100
      and title = btrim(title)
      and title !~ '[[:cntrl:]]'
    )
  ),
  -- Rendered as an image: http(s) or a path on the site, as post images
  -- (20261122071400_media_urls_http_only.sql).
  constraint staff_profiles_avatar_url_check check (
    avatar_url is null or (
      char_length(avatar_url) <= 2000
      and avatar_url ~* '^(https?://|/[^/])'
      and avatar_url !~ '[[:cntrl:]]'
    )
  )
);

comment on table public.staff_profiles is
  'The name (title, avatar) a staff member publishes under. Staff read all, write their own.';

-- Keeps created_at and updated_at the database's.
create or replace function public.staff_profiles_set_dates()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
  end if;
  new.updated_at := pg_catalog.now();
  return new;
end;
$$;

revoke all on function public.staff_profiles_set_dates() from public, anon, authenticated;

create trigger staff_profiles_set_dates
  before insert or update on public.staff_profiles
  for each row execute function public.staff_profiles_set_dates();

-- Grants: deny by default. Staff write the profile's own columns; user_id is set once, on insert.
alter table public.staff_profiles enable row level security;

revoke all on table public.staff_profiles from public, anon, authenticated;
grant select on table public.staff_profiles to authenticated;
grant insert (user_id, display_name, title, avatar_url) on table public.staff_profiles to authenticated;
grant update (display_name, title, avatar_url) on table public.staff_profiles to authenticated;
grant all on table public.staff_profiles to service_role;

-- Staff read every profile (the names they can credit); other users read none.
create policy "staff_profiles: staff read profiles"
  on public.staff_profiles for select to authenticated
  using ((select public.is_admin()));

-- Staff create only their own profile.
create policy "staff_profiles: staff create their own profile"
  on public.staff_profiles for insert to authenticated
  with check ((select public.is_admin()) and user_id = (select auth.uid()));

-- Staff change only their own profile.
create policy "staff_profiles: staff update their own profile"
  on public.staff_profiles for update to authenticated
  using ((select public.is_admin()) and user_id = (select auth.uid()))
  with check ((select public.is_admin()) and user_id = (select auth.uid()));

-- --------------------------------------------------------------------------------------------
-- Every staff account has a profile.
-- --------------------------------------------------------------------------------------------

-- A first display name from an e-mail address: its local part, without a +tag, with dots,
-- underscores and hyphens as spaces, each word capitalised ("jean.dupont+blog@..." gives
-- "Jean Dupont"). Staff change it in their profile.
create or replace function private.display_name_from_email(email text)
returns text
language sql
immutable
set search_path = ''
as $$
  select coalesce(
    nullif(
      pg_catalog.btrim(pg_catalog.left(
        pg_catalog.initcap(pg_catalog.btrim(pg_catalog.regexp_replace(
          pg_catalog.regexp_replace(pg_catalog.split_part(coalesce(email, ''), '@', 1), '\+.*$', ''),
          '[^[:alnum:]'']+', ' ', 'g'
        ))),
        100
      )),
      ''
    ),
    'Staff member'
  );
$$;

-- Makes the profile of a user who has (just) become staff; an existing profile is kept.
-- Runs for Supabase Auth, so it must never fail a sign-up or a promotion: the name it makes
-- always passes the checks above.
create or replace function private.create_staff_profile()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce(new.raw_app_meta_data ->> 'role', '') = 'admin' then
    insert into public.staff_profiles (user_id, display_name)
    values (new.id, private.display_name_from_email(new.email))
    on conflict (user_id) do nothing;
  end if;
  return null;
end;
$$;

revoke all on function private.display_name_from_email(text) from public, anon, authenticated;
revoke all on function private.create_staff_profile() from public, anon, authenticated;

-- Hosted Supabase lets projects add triggers to auth.users (not tables or functions in auth:
-- changelog 34270, April 2025); the function lives in private.
create trigger create_staff_profile
  after insert or update of raw_app_meta_data on auth.users
  for each row execute function private.create_staff_profile();

-- Staff who exist already.
insert into public.staff_profiles (user_id, display_name)
select id, private.display_name_from_email(email)
  from auth.users
 where coalesce(raw_app_meta_data ->> 'role', '') = 'admin'
on conflict (user_id) do nothing;

-- --------------------------------------------------------------------------------------------
-- No e-mail address in a byline.
-- --------------------------------------------------------------------------------------------

-- What counts as an e-mail address in a byline: an @ with a character other than a space on
-- either side ("ada@example.com", "Ada <ada@localhost>"). A handle such as "@appgrove" is not.
create or replace function private.byline_has_email(author text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(author ~ '[^[:space:]]@[^[:space:]]', false);
$$;

-- The byline to publish instead of one with an e-mail address in it: the display name of the
-- staff profile of that address (compared case-insensitively), else the team's name. The team's
-- name is the site's brand (src/config/site.ts, `name`) followed by "Team", as the sample posts
-- sign; a migration cannot read the site's configuration, so it is written here.
create or replace function private.byline_without_email(author text)
returns text
language sql
stable
set search_path = ''
as $$
  select case
           when not private.byline_has_email(author) then author
           else coalesce(
             (select profile.display_name
                from auth.users account
                join public.staff_profiles profile on profile.user_id = account.id
               where pg_catalog.lower(account.email) = pg_catalog.lower(pg_catalog.substring(
                       author, '[^[:space:]<>()"'',;:]+@[^[:space:]<>()"'',;:]+'))
               limit 1),
             'Appgrove Team'
           )
         end;
$$;

-- Rewrites every byline that carries an e-mail address; returns how many posts changed. Run
-- once below; kept so the rewrite can be tested on its own (supabase/tests/access-matrix.test.ts).
-- A published post changed here is a site change, so its public page is rebuilt (decision 14).
create or replace function private.rewrite_email_bylines()
returns integer
language plpgsql
set search_path = ''
as $$
declare
  changed integer;
begin
  update public.blog_posts
     set author = private.byline_without_email(author)
   where private.byline_has_email(author);
  get diagnostics changed = row_count;
  return changed;
end;
$$;

revoke all on function private.byline_has_email(text) from public, anon, authenticated;
revoke all on function private.byline_without_email(text) from public, anon, authenticated;
revoke all on function private.rewrite_email_bylines() from public, anon, authenticated;

select private.rewrite_email_bylines();

alter table public.blog_posts
  add constraint blog_posts_author_not_email_check check (author !~ '[^[:space:]]@[^[:space:]]');
