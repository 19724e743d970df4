-- Staff permissions: what a staff member may do is a set of named permissions their role grants,
-- instead of one yes/no (public.is_admin(), dropped here).
--
-- 1. public.staff_role: the roles, as app_metadata.role carries them in the request's token
--    (only the service role can write app_metadata; user_metadata is never read). 'admin' is
--    the only one today, so existing accounts keep working; a new role is one
--    `alter type public.staff_role add value ...` and its rows below, in a migration.
-- 2. public.staff_permission: what the policies check.
--      read_leads          work the lead inbox: leads and their status, notes, status history
--                          and notification delivery states
--      manage_posts        the blog: posts, their images (the post-images bucket), the site
--                          refreshes that publish them, and every staff profile (the names a
--                          post can be signed with)
--      manage_subscribers  the newsletter's sign-ups
--      manage_staff        the team: every staff profile
-- 3. public.staff_role_permissions: which role grants which permission, written here only (the
--    service role may read it). Policies ask public.has_permission(); the workspace asks
--    public.my_staff_access() after sign-in.
-- 4. Every policy that called is_admin() now calls (select public.has_permission('...')), or,
--    where being on staff is the whole point, (select public.staff_role()) is not null.
-- 'admin' grants every permission: what staff may do today is unchanged.

create type public.staff_role as enum ('admin');
create type public.staff_permission as enum (
  'read_leads', 'manage_posts', 'manage_subscribers', 'manage_staff'
);

create table public.staff_role_permissions (
  role public.staff_role not null,
  permission public.staff_permission not null,
  primary key (role, permission)
);

comment on table public.staff_role_permissions is
  'The permissions each staff role grants. Written by migrations; read through has_permission() and my_staff_access().';

insert into public.staff_role_permissions (role, permission) values
  ('admin', 'read_leads'),
  ('admin', 'manage_posts'),
  ('admin', 'manage_subscribers'),
  ('admin', 'manage_staff');

-- No policy: no client reads or writes the table; the functions below read it as its owner.
alter table public.staff_role_permissions enable row level security;
revoke all on table public.staff_role_permissions from public, anon, authenticated, service_role;
grant select on table public.staff_role_permissions to service_role;

-- --------------------------------------------------------------------------------------------
-- Who is asking.
-- --------------------------------------------------------------------------------------------

-- The caller's staff role, from the token's app_metadata.role; null for anyone who is not staff,
-- an unknown or malformed value included (compared as text, so it is never a cast error).
create or replace function public.staff_role()
returns public.staff_role
language sql
stable
security invoker
set search_path = ''
as $$
  select known.role
    from pg_catalog.unnest(pg_catalog.enum_range(null::public.staff_role)) as known (role)
   where known.role::text = (select auth.jwt()) -> 'app_metadata' ->> 'role';
$$;

comment on function public.staff_role() is
  'The caller''s staff role (app_metadata.role in the request JWT), or null. Never reads user_metadata.';

-- What every policy calls, as (select public.has_permission('...')) so Postgres evaluates it
-- once per statement. Security definer to read staff_role_permissions, which nobody else reads;
-- it only ever answers for the caller's own token.
create or replace function public.has_permission(permission public.staff_permission)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
      from public.staff_role_permissions granted
     where granted.role = public.staff_role()
       and granted.permission = has_permission.permission
  );
$$;

comment on function public.has_permission(public.staff_permission) is
  'True when the caller''s staff role grants the permission (public.staff_role_permissions).';

-- The workspace's question after sign-in: the caller's role and what it may do, one row; no
-- row for anyone who is not staff.
create or replace function public.my_staff_access()
returns table (role public.staff_role, permissions public.staff_permission[])
language sql
stable
security invoker
set search_path = ''
as $$
  select caller.role,
         array(
           select known.permission
             from pg_catalog.unnest(pg_catalog.enum_range(null::public.staff_permission)) as known (permission)
            where public.has_permission(known.permission)
            order by known.permission
         )
    from (select public.staff_role() as role) caller
   where caller.role is not null;
$$;

comment on function public.my_staff_access() is
  'The caller''s staff role and its permissions (one row), or no row for anyone who is not staff.';

revoke all on function public.staff_role() from public;
revoke all on function public.has_permission(public.staff_permission) from public;
revoke all on function public.my_staff_access() from public;
grant execute on function public.staff_role() to anon, authenticated, service_role;
grant execute on function public.has_permission(public.staff_permission) to anon, authenticated, service_role;
grant execute on function public.my_staff_access() to anon, authenticated, service_role;

-- --------------------------------------------------------------------------------------------
-- Every staff account has a profile (20261123171100_staff_profiles.sql), whatever its role.
-- --------------------------------------------------------------------------------------------

create or replace function private.create_staff_profile()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce(new.raw_app_meta_data ->> 'role', '') = any (pg_catalog.enum_range(null::public.staff_role)::text[]) then
    insert into public.staff_profiles (user_id, display_name)
    values (new.id, private.display_name_from_email(new.email))
    on conflict (user_id) do nothing;
  end if;
  return null;
end;
$$;

revoke all on function private.create_staff_profile() from public, anon, authenticated;

-- --------------------------------------------------------------------------------------------
-- The lead inbox: read_leads.
-- --------------------------------------------------------------------------------------------

drop policy "leads: staff read all leads" on public.leads;
drop policy "leads: staff update lead status" on public.leads;
drop policy "lead_status_changes: staff read the history" on public.lead_status_changes;
drop policy "lead_notes: staff read notes" on public.lead_notes;
drop policy "lead_notes: staff add notes" on public.lead_notes;
drop policy "lead_emails: staff read delivery states" on public.lead_emails;

-- Only staff who work the inbox read leads (contact details are personal data).
create policy "leads: staff read all leads"
  on public.leads for select to authenticated
  using ((select public.has_permission('read_leads')));

-- Working the inbox includes moving a lead on; the column grant limits that to its status.
create policy "leads: staff update lead status"
  on public.leads for update to authenticated
  using ((select public.has_permission('read_leads')))
  with check ((select public.has_permission('read_leads')));

-- Staff who work the inbox read every lead's status history; nobody writes it (a trigger does).
create policy "lead_status_changes: staff read the history"
  on public.lead_status_changes for select to authenticated
  using ((select public.has_permission('read_leads')));

-- Staff who work the inbox read every note on a lead.
create policy "lead_notes: staff read notes"
  on public.lead_notes for select to authenticated
  using ((select public.has_permission('read_leads')));

-- Staff who work the inbox add notes (the database stamps their name and the date).
create policy "lead_notes: staff add notes"
  on public.lead_notes for insert to authenticated
  with check ((select public.has_permission('read_leads')));

-- Staff who work the inbox see how each lead's e-mail went; only the service role writes.
create policy "lead_emails: staff read delivery states"
  on public.lead_emails for select to authenticated
  using ((select public.has_permission('read_leads')));

-- --------------------------------------------------------------------------------------------
-- The blog, its images and the site refreshes that publish it: manage_posts.
-- --------------------------------------------------------------------------------------------

drop policy "blog_posts: read published posts, staff read all" on public.blog_posts;
drop policy "blog_posts: staff create posts" on public.blog_posts;
drop policy "blog_posts: staff update posts" on public.blog_posts;
drop policy "blog_posts: staff delete posts" on public.blog_posts;
drop policy "site_builds: staff read builds" on public.site_builds;
drop policy "site_changes: staff read changes" on public.site_changes;
drop policy "post-images: staff read the bucket" on storage.buckets;
drop policy "post-images: staff read objects" on storage.objects;
drop policy "post-images: staff upload" on storage.objects;
drop policy "post-images: staff replace" on storage.objects;
drop policy "post-images: staff delete" on storage.objects;

-- Everyone reads published posts whose publish time has come; staff who manage posts also read drafts and scheduled ones.
create policy "blog_posts: read published posts, staff read all"
  on public.blog_posts for select to anon, authenticated
  using ((status = 'published' and published_at <= now()) or (select public.has_permission('manage_posts')));

-- Only staff who manage posts create them.
create policy "blog_posts: staff create posts"
  on public.blog_posts for insert to authenticated
  with check ((select public.has_permission('manage_posts')));

-- Only staff who manage posts edit them (including publishing and unpublishing them).
create policy "blog_posts: staff update posts"
  on public.blog_posts for update to authenticated
  using ((select public.has_permission('manage_posts')))
  with check ((select public.has_permission('manage_posts')));

-- Only staff who manage posts delete them.
create policy "blog_posts: staff delete posts"
  on public.blog_posts for delete to authenticated
  using ((select public.has_permission('manage_posts')));

-- Staff who manage posts read the refreshes that publish them (the editor's status line).
create policy "site_builds: staff read builds"
  on public.site_builds for select to authenticated
  using ((select public.has_permission('manage_posts')));

-- Staff who manage posts read the changes waiting for a refresh (the editor's status line).
create policy "site_changes: staff read changes"
  on public.site_changes for select to authenticated
  using ((select public.has_permission('manage_posts')));

-- Staff who manage posts read the bucket's settings (getBucket, listBuckets); visitors never need them.
create policy "post-images: staff read the bucket"
  on storage.buckets for select to authenticated
  using (id = 'post-images' and (select public.has_permission('manage_posts')));

-- Staff who manage posts list and download the bucket's objects through the API; visitors use public URLs.
create policy "post-images: staff read objects"
  on storage.objects for select to authenticated
  using (bucket_id = 'post-images' and (select public.has_permission('manage_posts')));

-- Only staff who manage posts upload images.
create policy "post-images: staff upload"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'post-images' and (select public.has_permission('manage_posts')));

-- Only staff who manage posts replace an image (an upsert or an update), and it stays in the bucket.
create policy "post-images: staff replace"
  on storage.objects for update to authenticated
  using (bucket_id = 'post-images' and (select public.has_permission('manage_posts')))
  with check (bucket_id = 'post-images' and (select public.has_permission('manage_posts')));

-- Only staff who manage posts delete images.
create policy "post-images: staff delete"
  on storage.objects for delete to authenticated
  using (bucket_id = 'post-images' and (select public.has_permission('manage_posts')));

-- --------------------------------------------------------------------------------------------
-- The newsletter's sign-ups: manage_subscribers.
-- --------------------------------------------------------------------------------------------

drop policy "newsletter_subscribers: staff read all sign-ups" on public.newsletter_subscribers;

-- Only staff who manage subscribers read the list (personal data).
create policy "newsletter_subscribers: staff read all sign-ups"
  on public.newsletter_subscribers for select to authenticated
  using ((select public.has_permission('manage_subscribers')));

-- --------------------------------------------------------------------------------------------
-- Staff profiles: every staff member has their own; manage_staff (and manage_posts, for
-- bylines) reads them all.
-- --------------------------------------------------------------------------------------------

drop policy "staff_profiles: staff read profiles" on public.staff_profiles;
drop policy "staff_profiles: staff create their own profile" on public.staff_profiles;
drop policy "staff_profiles: staff update their own profile" on public.staff_profiles;

comment on table public.staff_profiles is
  'The name (title, avatar) a staff member publishes under. Staff read and write their own; managers of staff or posts read all.';

-- Staff who manage the team or the posts read every profile (the names they can credit); any staff member reads their own (no permission fits: every staff account has one).
create policy "staff_profiles: staff read profiles"
  on public.staff_profiles for select to authenticated
  using (
    (select public.has_permission('manage_staff'))
    or (select public.has_permission('manage_posts'))
    or (user_id = (select auth.uid()) and (select public.staff_role()) is not null)
  );

-- Any staff member creates only their own profile (no permission fits: every staff account has one).
create policy "staff_profiles: staff create their own profile"
  on public.staff_profiles for insert to authenticated
  with check ((select public.staff_role()) is not null and user_id = (select auth.uid()));

-- Any staff member changes only their own profile (no permission fits: every staff account has one).
create policy "staff_profiles: staff update their own profile"
  on public.staff_profiles for update to authenticated
  using ((select public.staff_role()) is not null and user_id = (select auth.uid()))
  with check ((select public.staff_role()) is not null and user_id = (select auth.uid()));

-- --------------------------------------------------------------------------------------------
-- Nothing calls the yes/no any more (dropping it fails if anything still does).
-- --------------------------------------------------------------------------------------------

drop function public.is_admin();
