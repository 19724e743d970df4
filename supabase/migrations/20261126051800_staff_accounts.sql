-- Staff accounts a real agency team can run: roles, membership, two-factor, an audit log.
--
-- 1. Roles: Administrator ('admin', everything), Sales (leads and subscribers), Editor (posts
--    and their images). Their permissions are rows of public.staff_role_permissions.
-- 2. Membership lives in public.staff_members, no longer in the token's app_metadata.role
--    (ignored from here on): a role change or a removal takes effect at the member's next
--    request, where a claim would have lasted until the token expired. A membership is pending
--    from the invitation until the invitee accepts it. Clients never write it; the functions
--    below do, each checking the caller's permission, and each change is written to
--    public.staff_audit_log (who did what to whom, when).
-- 3. has_permission() grants nothing to a session that has ended (a removed member, a password
--    changed elsewhere), and the permissions over personal data (read_leads,
--    manage_subscribers, manage_staff) need an aal2 session whenever the member has a verified
--    two-factor factor or the team requires two-factor (public.staff_settings).
-- 4. At least one Administrator always remains: the last one cannot be demoted or removed.
-- 5. Display names are unique among staff, whatever their case: nobody signs as a colleague.

insert into public.staff_role_permissions (role, permission) values
  ('sales', 'read_leads'),
  ('sales', 'manage_subscribers'),
  ('editor', 'manage_posts');

-- --------------------------------------------------------------------------------------------
-- Membership, team settings and the audit log.
-- --------------------------------------------------------------------------------------------

create table public.staff_members (
  user_id uuid primary key references auth.users (id) on delete cascade,
  role public.staff_role not null,
  -- The language of the member's Auth e-mails (invitation, password recovery).
  language public.site_language not null default 'en',
  invited_by uuid references auth.users (id) on delete set null,
  invited_at timestamptz,
  -- Null while the invitation is pending.
  joined_at timestamptz,
  created_at timestamptz not null default now()
);

comment on table public.staff_members is
  'Who is on staff, with which role; pending until the invitation is accepted. Written only by the staff functions.';

create index staff_members_invited_by_idx on public.staff_members (invited_by);

-- Everyone who was staff by app_metadata.role keeps their place, as an Administrator.
insert into public.staff_members (user_id, role, joined_at)
select users.id, 'admin', users.created_at
  from auth.users users
 where users.raw_app_meta_data ->> 'role' = 'admin'
on conflict (user_id) do nothing;

create table public.staff_settings (
  id boolean primary key default true check (id),
  require_two_factor boolean not null default false,
  updated_at timestamptz not null default now()
);

comment on table public.staff_settings is
  'The team''s settings (one row): whether every member must sign in with two-factor.';

insert into public.staff_settings default values;

create type public.staff_audit_action as enum (
  'invited', 'invitation_resent', 'invitation_revoked', 'joined', 'role_changed', 'removed',
  'two_factor_reset', 'two_factor_required', 'two_factor_optional'
);

create table public.staff_audit_log (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  -- The names and e-mails are kept as they were: the accounts may be gone later.
  actor_id uuid references auth.users (id) on delete set null,
  actor_name text,
  actor_email text,
  action public.staff_audit_action not null,
  target_id uuid references auth.users (id) on delete set null,
  target_name text,
  target_email text,
  details jsonb not null default '{}'::jsonb
);

comment on table public.staff_audit_log is
  'Every change to the team: who did what to whom, when. Written only by the staff functions; read by managers of staff.';

create index staff_audit_log_actor_id_idx on public.staff_audit_log (actor_id);
create index staff_audit_log_target_id_idx on public.staff_audit_log (target_id);

-- --------------------------------------------------------------------------------------------
-- Who is asking.
-- --------------------------------------------------------------------------------------------

-- Whether the request's session still exists: a removed member's or a signed-out session's
-- token stays valid until it expires, but grants nothing from the moment the session ends.
create or replace function private.session_is_active()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
      from auth.sessions session
     where (select auth.jwt()) ->> 'session_id' ~ '^[0-9a-fA-F-]{36}$'
       and session.id = ((select auth.jwt()) ->> 'session_id')::uuid
  );
$$;

-- Whether the session has passed two-factor when it must: an aal2 session, or a member with
-- no verified factor in a team that does not require one.
create or replace function private.two_factor_satisfied()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select auth.jwt()) ->> 'aal', '') = 'aal2'
      or (
        not exists (
          select 1
            from auth.mfa_factors factor
           where factor.user_id = (select auth.uid())
             and factor.status = 'verified'
        )
        and not coalesce((select settings.require_two_factor from public.staff_settings settings), true)
      );
$$;

revoke all on function private.session_is_active() from public, anon, authenticated;
revoke all on function private.two_factor_satisfied() from public, anon, authenticated;

-- The caller's role: a member who has joined, in a session that still exists; else null.
create or replace function public.staff_role()
returns public.staff_role
language sql
stable
security definer
set search_path = ''
as $$
  select member.role
    from public.staff_members member
   where member.user_id = (select auth.uid())
     and member.joined_at is not null
     and private.session_is_active();
$$;

comment on function public.staff_role() is
  'The caller''s staff role (public.staff_members, joined, in a live session), or null. Never reads the token''s metadata.';

-- Personal data (leads, subscribers, the team) also needs two-factor when it is due.
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
  )
  and (has_permission.permission = 'manage_posts' or private.two_factor_satisfied());
$$;

comment on function public.has_permission(public.staff_permission) is
  'True when the caller''s role grants the permission, in a live session, with two-factor when due for personal data.';

drop function public.my_staff_access();

-- The workspace's question after sign-in. `permissions` are what the role grants (its
-- sections); the policies still ask for two-factor where it is due. A pending member gets a row
-- with no permissions; anyone else none.
create or replace function public.my_staff_access()
returns table (
  role public.staff_role,
  permissions public.staff_permission[],
  joined boolean,
  two_factor_required boolean,
  has_verified_factor boolean
)
language sql
stable
security definer
set search_path = ''
as $$
  select member.role,
         case
           when member.joined_at is null then '{}'::public.staff_permission[]
           else array(
             select granted.permission
               from public.staff_role_permissions granted
              where granted.role = member.role
              order by granted.permission
           )
         end,
         member.joined_at is not null,
         (select settings.require_two_factor from public.staff_settings settings),
         exists (
           select 1
             from auth.mfa_factors factor
            where factor.user_id = member.user_id
              and factor.status = 'verified'
         )
    from public.staff_members member
   where member.user_id = (select auth.uid())
     and private.session_is_active();
$$;

comment on function public.my_staff_access() is
  'The caller''s role, the permissions it grants, whether they have joined, whether the team requires two-factor and whether they have it; no row for non-members.';

revoke all on function public.my_staff_access() from public;
grant execute on function public.my_staff_access() to anon, authenticated, service_role;

-- --------------------------------------------------------------------------------------------
-- Names that cannot be borrowed, and a profile for every member.
-- --------------------------------------------------------------------------------------------

update public.staff_profiles profile
   set display_name = pg_catalog.left(profile.display_name, 95) || ' ' || numbered.n
  from (
    select user_id,
           pg_catalog.row_number() over (
             partition by pg_catalog.lower(display_name) order by created_at, user_id
           ) as n
      from public.staff_profiles
  ) numbered
 where numbered.user_id = profile.user_id
   and numbered.n > 1;

create unique index staff_profiles_display_name_key
  on public.staff_profiles (pg_catalog.lower(display_name));

-- `wanted`, or `wanted 2`, `wanted 3`... : the first a colleague does not already use.
create or replace function private.unused_display_name(wanted text)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  candidate text := wanted;
  n integer := 1;
begin
  while exists (
    select 1 from public.staff_profiles
     where pg_catalog.lower(display_name) = pg_catalog.lower(candidate)
  ) loop
    n := n + 1;
    candidate := pg_catalog.left(wanted, 95) || ' ' || n;
  end loop;
  return candidate;
end;
$$;

revoke all on function private.unused_display_name(text) from public, anon, authenticated;

-- A new member gets a profile named after their e-mail (they choose their name on joining).
drop trigger create_staff_profile on auth.users;

create or replace function private.create_staff_profile()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.staff_profiles (user_id, display_name)
  select new.user_id, private.unused_display_name(private.display_name_from_email(users.email))
    from auth.users users
   where users.id = new.user_id
  on conflict (user_id) do nothing;
  return null;
end;
$$;

revoke all on function private.create_staff_profile() from public, anon, authenticated;

create trigger create_staff_profile
  after insert on public.staff_members
  for each row execute function private.create_staff_profile();

-- --------------------------------------------------------------------------------------------
-- At least one Administrator.
-- --------------------------------------------------------------------------------------------

create or replace function private.keep_an_administrator()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.role = 'admin' and old.joined_at is not null
     and (tg_op = 'DELETE' or new.role is distinct from 'admin') then
    -- Two Administrators demoting each other at once: the second waits and sees the first.
    perform 1 from public.staff_members where role = 'admin' for update;
    if not exists (
      select 1 from public.staff_members other
       where other.role = 'admin' and other.joined_at is not null and other.user_id <> old.user_id
    ) then
      raise exception 'last_admin'
        using errcode = 'P0001', detail = 'The team needs at least one Administrator.';
    end if;
  end if;
  return coalesce(new, old);
end;
$$;

revoke all on function private.keep_an_administrator() from public, anon, authenticated;

-- Also when Auth deletes the account (the membership goes with it).
create trigger staff_members_keep_an_administrator
  before update of role or delete on public.staff_members
  for each row execute function private.keep_an_administrator();

-- --------------------------------------------------------------------------------------------
-- Grants and policies.
-- --------------------------------------------------------------------------------------------

alter table public.staff_members enable row level security;
alter table public.staff_settings enable row level security;
alter table public.staff_audit_log enable row level security;

revoke all on table public.staff_members, public.staff_settings, public.staff_audit_log
  from public, anon, authenticated;
grant select on table public.staff_members, public.staff_audit_log to authenticated;
grant all on table public.staff_members, public.staff_settings, public.staff_audit_log to service_role;

-- A member reads their own membership (a pending one too: the welcome page).
create policy "staff_members: members read their own"
  on public.staff_members for select to authenticated
  using (user_id = (select auth.uid()));

-- Administrators (manage_staff) read every membership.
create policy "staff_members: staff managers read all"
  on public.staff_members for select to authenticated
  using ((select public.has_permission('manage_staff')));

-- Administrators (manage_staff) read the team's history.
create policy "staff_audit_log: staff managers read the log"
  on public.staff_audit_log for select to authenticated
  using ((select public.has_permission('manage_staff')));

-- --------------------------------------------------------------------------------------------
-- What the workspace calls.
-- --------------------------------------------------------------------------------------------

create or replace function private.require_permission(permission public.staff_permission)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not public.has_permission(permission) then
    raise exception 'not_allowed' using errcode = '42501';
  end if;
end;
$$;

revoke all on function private.require_permission(public.staff_permission) from public, anon, authenticated;

-- Writes one audit entry, with the actor's and the target's names and e-mails as they are now.
create or replace function private.record_staff_audit(
  actor uuid,
  action public.staff_audit_action,
  target uuid,
  details jsonb
)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.staff_audit_log
    (actor_id, actor_name, actor_email, action, target_id, target_name, target_email, details)
  values (
    actor,
    (select display_name from public.staff_profiles where user_id = actor),
    (select email from auth.users where id = actor),
    action,
    target,
    (select display_name from public.staff_profiles where user_id = target),
    (select email from auth.users where id = target),
    coalesce(details, '{}'::jsonb)
  );
$$;

revoke all on function private.record_staff_audit(uuid, public.staff_audit_action, uuid, jsonb)
  from public, anon, authenticated;

-- Every joined member's current name and e-mail (who wrote a note, who moved a lead); any member.
create or replace function public.staff_directory()
returns table (user_id uuid, display_name text, email text)
language sql
stable
security definer
set search_path = ''
as $$
  select member.user_id, profile.display_name, users.email::text
    from public.staff_members member
    join auth.users users on users.id = member.user_id
    left join public.staff_profiles profile on profile.user_id = member.user_id
   where member.joined_at is not null
     and (select public.staff_role()) is not null
   order by pg_catalog.lower(profile.display_name);
$$;

-- The Team list: members and pending invitations; managers of staff only (else no rows).
create or replace function public.staff_team()
returns table (
  user_id uuid,
  email text,
  display_name text,
  role public.staff_role,
  language public.site_language,
  two_factor boolean,
  last_sign_in_at timestamptz,
  invited_at timestamptz,
  joined_at timestamptz
)
language sql
stable
security definer
set search_path = ''
as $$
  select member.user_id,
         users.email::text,
         profile.display_name,
         member.role,
         member.language,
         exists (
           select 1 from auth.mfa_factors factor
            where factor.user_id = member.user_id and factor.status = 'verified'
         ),
         users.last_sign_in_at,
         member.invited_at,
         member.joined_at
    from public.staff_members member
    join auth.users users on users.id = member.user_id
    left join public.staff_profiles profile on profile.user_id = member.user_id
   where (select public.has_permission('manage_staff'))
   order by member.joined_at is null, pg_catalog.lower(profile.display_name), users.email;
$$;

-- The team's history, newest first, a page at a time (RLS: managers of staff).
create or replace function public.staff_audit(page_size integer default 50, before_id bigint default null)
returns setof public.staff_audit_log
language sql
stable
security invoker
set search_path = ''
as $$
  select *
    from public.staff_audit_log entry
   where before_id is null or entry.id < before_id
   order by entry.id desc
   limit least(greatest(coalesce(page_size, 50), 1), 200);
$$;

create or replace function public.change_staff_role(member uuid, new_role public.staff_role)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  previous public.staff_role;
begin
  perform private.require_permission('manage_staff');
  select role into previous from public.staff_members where user_id = member for update;
  if not found then
    raise exception 'not_found' using errcode = 'P0001';
  end if;
  if previous = new_role then
    return;
  end if;
  update public.staff_members set role = new_role where user_id = member;
  perform private.record_staff_audit(
    (select auth.uid()), 'role_changed', member,
    pg_catalog.jsonb_build_object('from', previous, 'to', new_role)
  );
end;
$$;

-- Turning the requirement on needs two-factor of the one who turns it on.
create or replace function public.set_team_two_factor(required boolean)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_permission('manage_staff');
  if required and coalesce((select auth.jwt()) ->> 'aal', '') <> 'aal2' then
    raise exception 'two_factor_first' using errcode = 'P0001',
      detail = 'Turn on two-factor for your own account first.';
  end if;
  if (select require_two_factor from public.staff_settings) = required then
    return;
  end if;
  update public.staff_settings set require_two_factor = required, updated_at = now();
  perform private.record_staff_audit(
    (select auth.uid()),
    case when required then 'two_factor_required' else 'two_factor_optional' end::public.staff_audit_action,
    null,
    '{}'::jsonb
  );
end;
$$;

-- The invitee, signed in from the invitation's link with their password set, joins under the
-- name they chose.
create or replace function public.accept_staff_invitation(display_name text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
begin
  if not private.session_is_active() then
    raise exception 'not_invited' using errcode = 'P0001';
  end if;
  if not exists (
    select 1 from auth.users
     where id = me and coalesce(encrypted_password, '') <> ''
  ) then
    raise exception 'password_first' using errcode = 'P0001',
      detail = 'Choose a password before joining.';
  end if;
  update public.staff_members set joined_at = now() where user_id = me and joined_at is null;
  if not found then
    raise exception 'not_invited' using errcode = 'P0001';
  end if;
  update public.staff_profiles
     set display_name = accept_staff_invitation.display_name
   where user_id = me;
  perform private.record_staff_audit(me, 'joined', me, '{}'::jsonb);
end;
$$;

-- Removes a colleague's membership (their account is then deleted by the staff-team function,
-- which ends their sessions). Never oneself; never the last Administrator.
create or replace function public.remove_staff_member(member uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_permission('manage_staff');
  if member = (select auth.uid()) then
    raise exception 'self' using errcode = 'P0001';
  end if;
  if not exists (select 1 from public.staff_members where user_id = member and joined_at is not null) then
    raise exception 'not_found' using errcode = 'P0001';
  end if;
  perform private.record_staff_audit((select auth.uid()), 'removed', member, '{}'::jsonb);
  delete from public.staff_members where user_id = member;
end;
$$;

-- Withdraws a pending invitation (the staff-team function then deletes the unused account).
create or replace function public.revoke_staff_invitation(member uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_permission('manage_staff');
  if not exists (select 1 from public.staff_members where user_id = member and joined_at is null) then
    raise exception 'not_pending' using errcode = 'P0001';
  end if;
  perform private.record_staff_audit((select auth.uid()), 'invitation_revoked', member, '{}'::jsonb);
  delete from public.staff_members where user_id = member;
end;
$$;

-- For the staff-team function (service role), once Supabase Auth has sent the invitation: the
-- pending membership, and its audit entry. A joined member is never touched.
create or replace function public.record_staff_invitation(
  actor uuid,
  member uuid,
  member_role public.staff_role,
  member_language public.site_language,
  resent boolean
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.staff_members (user_id, role, language, invited_by, invited_at)
  values (member, member_role, member_language, actor, now())
  on conflict (user_id) do update
    set role = excluded.role, language = excluded.language,
        invited_by = excluded.invited_by, invited_at = excluded.invited_at
    where public.staff_members.joined_at is null;
  if not found then
    raise exception 'already_member' using errcode = 'P0001';
  end if;
  perform private.record_staff_audit(
    actor,
    case when resent then 'invitation_resent' else 'invited' end::public.staff_audit_action,
    member,
    pg_catalog.jsonb_build_object('role', member_role, 'language', member_language)
  );
end;
$$;

-- For the staff-team function (service role): an audit entry for what it did through Auth.
create or replace function public.record_staff_event(
  actor uuid,
  action public.staff_audit_action,
  member uuid,
  details jsonb
)
returns void
language sql
security definer
set search_path = ''
as $$
  select private.record_staff_audit(actor, action, member, details);
$$;

revoke all on function public.staff_directory() from public, anon;
revoke all on function public.staff_team() from public, anon;
revoke all on function public.staff_audit(integer, bigint) from public, anon;
revoke all on function public.change_staff_role(uuid, public.staff_role) from public, anon;
revoke all on function public.set_team_two_factor(boolean) from public, anon;
revoke all on function public.accept_staff_invitation(text) from public, anon;
revoke all on function public.remove_staff_member(uuid) from public, anon;
revoke all on function public.revoke_staff_invitation(uuid) from public, anon;
revoke all on function public.record_staff_invitation(uuid, uuid, public.staff_role, public.site_language, boolean)
  from public, anon, authenticated;
revoke all on function public.record_staff_event(uuid, public.staff_audit_action, uuid, jsonb)
  from public, anon, authenticated;

grant execute on function public.staff_directory() to authenticated, service_role;
grant execute on function public.staff_team() to authenticated, service_role;
grant execute on function public.staff_audit(integer, bigint) to authenticated, service_role;
grant execute on function public.change_staff_role(uuid, public.staff_role) to authenticated;
grant execute on function public.set_team_two_factor(boolean) to authenticated;
grant execute on function public.accept_staff_invitation(text) to authenticated;
grant execute on function public.remove_staff_member(uuid) to authenticated;
grant execute on function public.revoke_staff_invitation(uuid) to authenticated;
grant execute on function public.record_staff_invitation(uuid, uuid, public.staff_role, public.site_language, boolean)
  to service_role;
grant execute on function public.record_staff_event(uuid, public.staff_audit_action, uuid, jsonb)
  to service_role;
