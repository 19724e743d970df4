-- Supabase Auth's MFA verification attempt hook: at most 10 wrong two-factor codes per member
-- in 10 minutes, whatever addresses they come from (hosted Auth's own limit counts per address).
-- Auth calls the function with each code it checks ({"user_id", "factor_id", "valid", ...}); once
-- a member has 10 wrong codes in the window, every further code, right or wrong, is answered
-- {"decision": "reject"}: Auth then ends every session of the member and answers 403
-- mfa_verification_rejected with the message. It runs only where [auth.hook.mfa_verification_attempt]
-- is enabled in supabase/config.toml: hosted Supabase offers this hook on the Team and
-- Enterprise plans only (docs/handbook.md).

create table private.mfa_failed_verification_attempts (
  user_id uuid not null,
  failed_at timestamptz not null default now()
);

comment on table private.mfa_failed_verification_attempts is
  'Wrong two-factor codes per member, kept for the hook''s window (10 minutes) and then pruned.';

create index mfa_failed_verification_attempts_user_id_failed_at
  on private.mfa_failed_verification_attempts (user_id, failed_at);

revoke all on table private.mfa_failed_verification_attempts from public, anon, authenticated, service_role;

create or replace function public.hook_mfa_verification_attempt(event jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  max_failures constant integer := 10;
  window_length constant interval := interval '10 minutes';
  member uuid := (event ->> 'user_id')::uuid;
  recent_failures integer;
begin
  -- One member's codes are decided one at a time, so parallel guesses cannot all pass the count.
  perform pg_advisory_xact_lock(hashtextextended('mfa_verification_attempt:' || member::text, 0));
  delete from private.mfa_failed_verification_attempts where failed_at < now() - window_length;
  select count(*) into recent_failures
    from private.mfa_failed_verification_attempts where user_id = member;
  if recent_failures >= max_failures then
    return jsonb_build_object(
      'decision', 'reject',
      'message', 'Too many wrong codes. Wait 10 minutes, then sign in again.'
    );
  end if;
  if not coalesce((event ->> 'valid')::boolean, false) then
    insert into private.mfa_failed_verification_attempts (user_id) values (member);
  end if;
  return jsonb_build_object('decision', 'continue');
end;
$$;

comment on function public.hook_mfa_verification_attempt(jsonb) is
  'Supabase Auth''s MFA verification attempt hook: rejects a member''s codes after 10 wrong ones in 10 minutes.';

-- As Supabase's Auth Hooks guide requires: only Auth's own role may call it.
grant usage on schema public to supabase_auth_admin;
revoke execute on function public.hook_mfa_verification_attempt(jsonb)
  from public, anon, authenticated, service_role;
grant execute on function public.hook_mfa_verification_attempt(jsonb) to supabase_auth_admin;
