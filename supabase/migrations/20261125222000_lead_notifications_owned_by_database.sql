-- Every stored lead reaches the agency, whatever happens to the visitor's browser.
--
-- Until now the site's call to send-lead-notification decided and sent a lead's e-mail: when
-- the tab closed, the network dropped or the provider failed at that moment, the lead stayed
-- 'pending' and nobody heard of it. Now the database owes each lead one notification and keeps
-- the account:
-- 1. prepare_lead_notifications() decides every lead still pending, once (an e-mail of its
--    own, a place in its window's digest, or nothing for a repeat), and gathers the held leads
--    of closed windows into one digest.
-- 2. Every e-mail to send is a row of public.lead_emails, written before anything is sent. Its
--    id is the Idempotency-Key the function gives Resend, so an e-mail sent again after a crash
--    between sending and recording is not delivered twice.
-- 3. claim_lead_emails() leases the e-mails that are due to one caller for a while;
--    record_lead_email() marks one sent, or keeps its error and when to try again (backoff).
-- send-lead-notification runs these on a schedule (Supabase Cron on hosted, the stack's
-- scheduler locally); the visitor's call only makes a lead's own e-mail go out sooner.

create table public.lead_emails (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('lead', 'digest')),
  created_at timestamptz not null default now(),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  -- A caller that claimed it is sending it until then; past that, another may.
  leased_until timestamptz,
  last_error text check (char_length(last_error) <= 500),
  last_failed_at timestamptz,
  failing_since timestamptz,
  sent_at timestamptz
);

comment on table public.lead_emails is
  'The e-mails that tell the agency about leads, one per lead or one per digest: written before they are sent, retried until sent. Their id is the provider''s idempotency key.';

create index lead_emails_unsent_idx on public.lead_emails (next_attempt_at) where sent_at is null;
create index lead_emails_kind_created_at_idx on public.lead_emails (kind, created_at);

alter table public.leads add column notification_email_id uuid references public.lead_emails (id);

comment on column public.leads.notification_email_id is
  'The e-mail that tells the agency about this lead (its own, or the digest it is in); none for a repeat.';
comment on column public.leads.notification is
  'pending until decided; then emailed (an e-mail of its own), held (waiting for its window''s digest), in_digest or repeat.';
comment on column public.leads.notified_at is 'When the e-mail about this lead was sent.';

create index leads_notification_email_id_idx on public.leads (notification_email_id);

alter table public.lead_emails enable row level security;
revoke all on table public.lead_emails from public, anon, authenticated;
grant select on table public.lead_emails to authenticated;
grant all on table public.lead_emails to service_role;

-- Staff see how each lead's e-mail went; nobody but the service role writes.
create policy "lead_emails: staff read delivery states"
  on public.lead_emails for select to authenticated
  using ((select public.is_admin()));

drop function public.claim_lead_notification(uuid);
drop function public.claim_lead_digest();
drop function public.lead_digest_due_at();

-- What the agency is told about one lead, decided once: 'email' (an e-mail of its own, written
-- down to be sent), 'held' (it goes in its window's digest), 'repeat' (not notified again) or
-- 'taken' (already decided).
create or replace function public.decide_lead_notification(lead_id uuid)
returns text
language plpgsql
security invoker
set search_path = ''
as $$
declare
  lead public.leads;
  allowance public.intake_limits := private.intake_limit('lead_emails_before_digest');
  window_start timestamptz := pg_catalog.date_bin(allowance.per, pg_catalog.now(), timestamptz '2000-01-01');
  email_id uuid;
begin
  -- Decisions are made one at a time, so a burst cannot all see room in the window.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('public.leads:notifications'));

  select * into lead from public.leads where id = lead_id for update;
  if not found or lead.notification <> 'pending' then
    return 'taken';
  end if;
  if lead.repeat_of is not null then
    update public.leads set notification = 'repeat' where id = lead_id;
    return 'repeat';
  end if;
  if (select pg_catalog.count(*) from public.lead_emails
       where kind = 'lead' and created_at >= window_start) < allowance.max_count then
    insert into public.lead_emails (kind) values ('lead') returning id into email_id;
    update public.leads set notification = 'emailed', notification_email_id = email_id
     where id = lead_id;
    return 'email';
  end if;
  update public.leads set notification = 'held' where id = lead_id;
  return 'held';
end;
$$;

-- Decides every pending lead, oldest first (at most `max_leads` a call), then writes down one
-- digest for the held leads of windows that have closed. Returns how many leads it decided.
create or replace function public.prepare_lead_notifications(max_leads integer default 1000)
returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  allowance public.intake_limits := private.intake_limit('lead_emails_before_digest');
  window_start timestamptz := pg_catalog.date_bin(allowance.per, pg_catalog.now(), timestamptz '2000-01-01');
  pending uuid;
  decided integer := 0;
  digest_id uuid;
begin
  for pending in
    select id from public.leads where notification = 'pending' order by created_at, id limit max_leads
  loop
    perform public.decide_lead_notification(pending);
    decided := decided + 1;
  end loop;

  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('public.leads:notifications'));
  if exists (select 1 from public.leads where notification = 'held' and created_at < window_start) then
    insert into public.lead_emails (kind) values ('digest') returning id into digest_id;
    update public.leads set notification = 'in_digest', notification_email_id = digest_id
     where notification = 'held' and created_at < window_start;
  end if;
  return decided;
end;
$$;

-- The e-mails due now (never sent, their retry time come, nobody's lease running), leased to
-- this caller for 30 seconds, oldest first; with `only_lead_id`, only that lead's. Each comes
-- with its leads, as JSON: [{id, kind, attempts, leads: [...]}].
create or replace function public.claim_lead_emails(
  only_lead_id uuid default null,
  max_emails integer default 20
)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  claimed uuid[];
begin
  select pg_catalog.array_agg(due.id) into claimed
    from (
      select email.id
        from public.lead_emails email
       where email.sent_at is null
         and email.next_attempt_at <= pg_catalog.now()
         and (email.leased_until is null or email.leased_until <= pg_catalog.now())
         and (only_lead_id is null
              or email.id = (select notification_email_id from public.leads where id = only_lead_id))
         -- A lead erased before its e-mail went leaves nothing to tell.
         and exists (select 1 from public.leads where notification_email_id = email.id)
       order by email.created_at, email.id
       limit max_emails
         for update skip locked
    ) due;

  update public.lead_emails
     set attempts = attempts + 1,
         leased_until = pg_catalog.now() + interval '30 seconds'
   where id = any (claimed);

  return coalesce((
    select pg_catalog.jsonb_agg(
             pg_catalog.jsonb_build_object(
               'id', email.id,
               'kind', email.kind,
               'attempts', email.attempts,
               'leads', (
                 select pg_catalog.jsonb_agg(
                          pg_catalog.jsonb_build_object(
                            'id', lead.id, 'name', lead.name, 'email', lead.email,
                            'phone', lead.phone, 'company', lead.company,
                            'website', lead.website, 'budget', lead.budget,
                            'message', lead.message, 'source', lead.source,
                            'language', lead.language, 'created_at', lead.created_at)
                          order by lead.created_at, lead.id)
                   from public.leads lead
                  where lead.notification_email_id = email.id))
             order by email.created_at, email.id)
      from public.lead_emails email
     where email.id = any (claimed)
  ), '[]'::jsonb);
end;
$$;

-- What came of sending one e-mail: sent (its leads are notified), or the provider's error and
-- the next try, 5 seconds after the first failure, doubling up to a minute.
create or replace function public.record_lead_email(email_id uuid, failure text default null)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if failure is null then
    update public.lead_emails
       set sent_at = pg_catalog.now(), leased_until = null
     where id = email_id and sent_at is null;
    if found then
      update public.leads set notified_at = pg_catalog.now() where notification_email_id = email_id;
    end if;
    return;
  end if;
  update public.lead_emails
     set leased_until = null,
         last_error = pg_catalog.left(failure, 500),
         last_failed_at = pg_catalog.now(),
         failing_since = coalesce(failing_since, pg_catalog.now()),
         next_attempt_at = pg_catalog.now()
           + least(interval '5 seconds' * pg_catalog.power(2, greatest(attempts - 1, 0)), interval '1 minute')
   where id = email_id and sent_at is null;
end;
$$;

-- For the staff workspace's banner: the leads the agency has not been told about yet, since
-- when the oldest of them waits, and the provider's last error. Staff read leads and
-- lead_emails under their own policies, so anyone else gets no waiting lead.
create or replace function public.lead_notification_health()
returns table (waiting integer, oldest_waiting_since timestamptz, last_error text, last_failed_at timestamptz)
language sql
stable
security invoker
set search_path = ''
as $$
  with owed as (
    select lead.created_at
      from public.leads lead
     where lead.notification in ('pending', 'held')
    union all
    select lead.created_at
      from public.lead_emails email
      join public.leads lead on lead.notification_email_id = email.id
     where email.sent_at is null
  ),
  failing as (
    select email.last_error, email.last_failed_at
      from public.lead_emails email
     where email.sent_at is null and email.last_error is not null
     order by email.last_failed_at desc
     limit 1
  )
  select (select pg_catalog.count(*)::integer from owed),
         (select pg_catalog.min(owed.created_at) from owed),
         (select failing.last_error from failing),
         (select failing.last_failed_at from failing);
$$;

revoke all on function public.decide_lead_notification(uuid) from public, anon, authenticated;
revoke all on function public.prepare_lead_notifications(integer) from public, anon, authenticated;
revoke all on function public.claim_lead_emails(uuid, integer) from public, anon, authenticated;
revoke all on function public.record_lead_email(uuid, text) from public, anon, authenticated;
revoke all on function public.lead_notification_health() from public, anon;
grant execute on function public.decide_lead_notification(uuid) to service_role;
grant execute on function public.prepare_lead_notifications(integer) to service_role;
grant execute on function public.claim_lead_emails(uuid, integer) to service_role;
grant execute on function public.record_lead_email(uuid, text) to service_role;
grant execute on function public.lead_notification_health() to authenticated, service_role;
