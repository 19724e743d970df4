-- A live session is the caller's own: the token's session_id must name a session of its sub.
-- Only Auth signs tokens, so the two always match in practice; this keeps the check from
-- resting on that.

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
       and session.user_id = (select auth.uid())
  );
$$;
