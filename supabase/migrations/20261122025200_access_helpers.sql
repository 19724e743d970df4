-- Access helpers shared by every policy.
--
-- Staff are Supabase Auth users whose app_metadata.role is 'admin'. app_metadata can only be
-- written with the service role, unlike user_metadata, which every user can edit: policies
-- must never read user_metadata. Policies call this helper as (select public.is_admin()) so
-- Postgres evaluates it once per statement instead of once per row.

create or replace function public.is_admin()
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') = 'admin';
$$;

comment on function public.is_admin() is
  'True when the request JWT carries app_metadata.role = ''admin'' (staff). Never reads user_metadata.';

revoke all on function public.is_admin() from public;
grant execute on function public.is_admin() to anon, authenticated, service_role;
