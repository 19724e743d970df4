-- Invitations expire in the database, not only in Auth's link.
--
-- Auth's invitation link works for [auth.email] otp_expiry (24 hours), but any other way to a
-- session for the invited address (password recovery: Auth does not care about membership) used
-- to let a pending membership be accepted days later, with the invited role. Now a pending
-- membership can be accepted only within 24 hours of its last (re)send (staff_members.invited_at,
-- which a Resend sets to now): accept_staff_invitation refuses later with 'invitation_expired',
-- and the Team list reads the same expiry from staff_team().

-- The one place the lifetime is stated; equal to supabase/config.toml's [auth.email] otp_expiry
-- (supabase/tests/hardening/invitations.test.ts compares them).
create or replace function private.staff_invitation_expires_at(invited_at timestamptz)
returns timestamptz
language sql
immutable
set search_path = ''
as $$
  select invited_at + interval '24 hours';
$$;

revoke all on function private.staff_invitation_expires_at(timestamptz) from public, anon, authenticated;

-- The invitee joins under the name they chose, while the invitation still holds.
create or replace function public.accept_staff_invitation(display_name text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  sent_at timestamptz;
begin
  if not private.session_is_active() then
    raise exception 'not_invited' using errcode = 'P0001';
  end if;
  select member.invited_at into sent_at
    from public.staff_members member
   where member.user_id = me and member.joined_at is null
     for update;
  if not found then
    raise exception 'not_invited' using errcode = 'P0001';
  end if;
  -- A membership seeded without an invitation (no invited_at) has nothing to accept either.
  if coalesce(private.staff_invitation_expires_at(sent_at) > pg_catalog.now(), false) is false then
    raise exception 'invitation_expired' using errcode = 'P0001',
      detail = 'The invitation has expired. Ask an Administrator to send a new one.';
  end if;
  if not exists (
    select 1 from auth.users
     where id = me and coalesce(encrypted_password, '') <> ''
  ) then
    raise exception 'password_first' using errcode = 'P0001',
      detail = 'Choose a password before joining.';
  end if;
  update public.staff_members set joined_at = pg_catalog.now() where user_id = me;
  update public.staff_profiles
     set display_name = accept_staff_invitation.display_name
   where user_id = me;
  perform private.record_staff_audit(me, 'joined', me, '{}'::jsonb);
end;
$$;

-- The Team list, with when each pending invitation expires (null once joined).
drop function public.staff_team();

create function public.staff_team()
returns table (
  user_id uuid,
  email text,
  display_name text,
  role public.staff_role,
  language public.site_language,
  two_factor boolean,
  last_sign_in_at timestamptz,
  invited_at timestamptz,
  joined_at timestamptz,
  invitation_expires_at timestamptz
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
         member.joined_at,
         case when member.joined_at is null
           then private.staff_invitation_expires_at(member.invited_at)
         end
    from public.staff_members member
    join auth.users users on users.id = member.user_id
    left join public.staff_profiles profile on profile.user_id = member.user_id
   where (select public.has_permission('manage_staff'))
   order by member.joined_at is null, pg_catalog.lower(profile.display_name), users.email;
$$;

revoke all on function public.staff_team() from public, anon;
grant execute on function public.staff_team() to authenticated, service_role;
