-- Intake that bots cannot abuse and that never refuses a real lead.
--
-- 1. One row per request: a visitor's request adds one lead. A JSON array (or any multi-row
--    insert) is refused on its second row, before the rest is even read, so a 20,000-row body
--    costs one row's work and takes one lock.
-- 2. Limits per client address, kept in public.intake_limits (the service role tunes them
--    there). The address is the `CF-Connecting-IP` request header: hosted Supabase's API sits
--    behind Cloudflare, which sets that header to the address the connection came from and
--    overwrites any value the client sent, and PostgREST hands every request header to SQL as
--    `request.headers`. (The first `X-Forwarded-For` entry is whatever the client wrote.) The
--    local stack sets the header the same way. IPv6 clients are counted per /64, the block one
--    household or office is given. There is no limit on the total: 1,000 visitors are 1,000
--    allowances.
-- 3. The e-mail address is never a reason to refuse: the flood guard that allowed 5 leads per
--    address per hour let a stranger block a prospect. A lead whose address already sent one in
--    the last 24 hours is stored as a repeat of the first (`repeat_of`) and not notified again.
-- 4. Notifications that cannot flood: `notification` records what the agency was told. The
--    send-lead-notification function asks claim_lead_notification() for each lead: the first
--    few of a window are e-mailed one by one; past that they are held, and
--    claim_lead_digest() hands them over as one digest once their window has closed.

create schema if not exists private;
revoke all on schema private from public, anon, authenticated;
comment on schema private is 'Internal tables and helpers: not exposed by the API.';

-- --------------------------------------------------------------------------------------------
-- The limits, one row each.
-- --------------------------------------------------------------------------------------------

create type public.intake_limit_name as enum (
  'leads_per_address',
  'newsletter_signups_per_address',
  'newsletter_confirmations_per_address',
  'lead_emails_before_digest'
);

create table public.intake_limits (
  name public.intake_limit_name primary key,
  max_count integer not null check (max_count > 0),
  per interval not null check (per > interval '0'),
  description text not null
);

comment on table public.intake_limits is
  'Limits on what visitors can send and on the e-mails it causes. Tuned by the service role.';

insert into public.intake_limits (name, max_count, per, description) values
  ('leads_per_address', 20, interval '1 hour',
   'Leads one client address may send. A visitor sends a handful an hour; an office behind one address sends more.'),
  ('newsletter_signups_per_address', 20, interval '1 hour',
   'Newsletter sign-ups one client address may send.'),
  ('newsletter_confirmations_per_address', 1, interval '1 day',
   'Confirmation e-mails one e-mail address may receive.'),
  -- The digest is sent when its window closes, by a background task of the function that held
  -- the lead: keep `per` well under the function''s wall-clock limit (150 s on the free plan).
  ('lead_emails_before_digest', 10, interval '2 minutes',
   'Lead e-mails sent one by one per window; the leads past this number arrive as one digest when the window closes.');

alter table public.intake_limits enable row level security;
revoke all on table public.intake_limits from public, anon, authenticated;
grant all on table public.intake_limits to service_role;

create or replace function private.intake_limit(limit_name public.intake_limit_name)
returns public.intake_limits
language sql
stable
security definer
set search_path = ''
as $$
  select * from public.intake_limits where name = limit_name;
$$;

-- --------------------------------------------------------------------------------------------
-- Who is asking.
-- --------------------------------------------------------------------------------------------

-- True for the API's visitor roles (anon, authenticated); false for the service role and for
-- direct SQL (migrations, the seed, staff scripts), which the limits do not apply to.
create or replace function private.is_visitor_request()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce((select auth.jwt()) ->> 'role', '') in ('anon', 'authenticated');
$$;

-- The client's address as the API gateway reports it; IPv6 narrowed to its /64. Null when the
-- header is missing or unreadable.
create or replace function private.client_address()
returns inet
language plpgsql
stable
set search_path = ''
as $$
declare
  reported text := nullif(current_setting('request.headers', true), '')::json ->> 'cf-connecting-ip';
  address inet;
begin
  if reported is null then
    return null;
  end if;
  begin
    address := reported::inet;
  exception when others then
    return null;
  end;
  if pg_catalog.family(address) = 6 then
    return pg_catalog.network(pg_catalog.set_masklen(address, 64))::inet;
  end if;
  return pg_catalog.host(address)::inet;
end;
$$;

-- --------------------------------------------------------------------------------------------
-- One row per request.
-- --------------------------------------------------------------------------------------------

-- Counts the rows one visitor request inserts in a transaction-local setting (PostgREST runs
-- each request in one transaction) and refuses the second. SQLSTATE PT400 is HTTP 400.
create or replace function private.one_row_per_request()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  inserted integer := coalesce(nullif(current_setting('appgrove.rows_in_request', true), ''), '0')::integer;
begin
  if not private.is_visitor_request() then
    return new;
  end if;
  if inserted >= 1 then
    raise exception 'Send one % per request.', case tg_table_name when 'leads' then 'lead' else 'row' end
      using errcode = 'PT400',
            detail = 'A request from the site adds a single row; this one held more, and none was stored.';
  end if;
  perform pg_catalog.set_config('appgrove.rows_in_request', (inserted + 1)::text, true);
  return new;
end;
$$;

-- --------------------------------------------------------------------------------------------
-- Requests per client address.
-- --------------------------------------------------------------------------------------------

create table private.intake_requests (
  limit_name public.intake_limit_name not null,
  client_address inet not null,
  requested_at timestamptz not null default now()
);

create index intake_requests_address_idx
  on private.intake_requests (limit_name, client_address, requested_at);
create index intake_requests_requested_at_idx on private.intake_requests (requested_at);

-- Records one request of a visitor under `limit_name`, or refuses it with 429 (SQLSTATE PT429)
-- when the address has used its allowance. A refused request rolls back, so it does not count.
-- Old records are pruned on the way: only the longest window matters.
create or replace function private.take_intake_allowance(limit_name public.intake_limit_name)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  address inet := private.client_address();
  allowance public.intake_limits := private.intake_limit(limit_name);
  recent integer;
begin
  if address is null or not private.is_visitor_request() then
    return;
  end if;

  delete from private.intake_requests
   where requested_at < pg_catalog.now() - (select max(per) from public.intake_limits);

  -- Serialises one address's concurrent requests so they cannot all slip under the limit.
  perform pg_catalog.pg_advisory_xact_lock(
    pg_catalog.hashtext('private.intake_requests:' || limit_name || ':' || address::text)
  );

  select count(*) into recent
    from private.intake_requests
   where intake_requests.limit_name = take_intake_allowance.limit_name
     and client_address = address
     and requested_at > pg_catalog.now() - allowance.per;

  if recent >= allowance.max_count then
    raise exception 'Too many requests from your network. Please try again later.'
      using errcode = 'PT429',
            hint = pg_catalog.format('At most %s per client address per %s.', allowance.max_count, allowance.per);
  end if;

  insert into private.intake_requests (limit_name, client_address) values (limit_name, address);
end;
$$;

-- --------------------------------------------------------------------------------------------
-- Leads: repeats instead of refusals, and what the agency was told.
-- --------------------------------------------------------------------------------------------

create type public.lead_notification as enum ('pending', 'emailed', 'held', 'in_digest', 'repeat');

alter table public.leads
  add column repeat_of uuid references public.leads (id) on delete set null,
  add column notification text not null default 'pending',
  add constraint leads_notification_check
    check (notification = any (enum_range(null::public.lead_notification)::text[]));

comment on column public.leads.repeat_of is
  'The first lead from the same e-mail address in the 24 hours before this one: this one was not notified.';
comment on column public.leads.notification is
  'pending until the function claims it; then emailed, held (for a digest), in_digest or repeat.';

create index leads_repeat_of_idx on public.leads (repeat_of);
create index leads_notification_idx on public.leads (notification, notified_at);

drop trigger leads_flood_guard on public.leads;
drop function public.leads_flood_guard();

create trigger leads_one_row_per_request
  before insert on public.leads
  for each row execute function private.one_row_per_request();

-- Runs after the one-row check (triggers fire in name order: "leads_o" < "leads_t").
create or replace function private.take_lead()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.take_intake_allowance('leads_per_address');

  -- One lock per request now: serialises concurrent leads of one address so that exactly one
  -- of them is the original.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('public.leads:' || pg_catalog.lower(new.email)));
  select id into new.repeat_of
    from public.leads
   where pg_catalog.lower(email) = pg_catalog.lower(new.email)
     and created_at > pg_catalog.now() - interval '24 hours'
     and repeat_of is null
   order by created_at
   limit 1;
  return new;
end;
$$;

create trigger leads_take_lead
  before insert on public.leads
  for each row execute function private.take_lead();

-- What the agency is told about one lead, decided once (the function calls this with the
-- secret key): 'email' (send it now), 'held' (it goes in the window's digest), 'repeat' (not
-- notified again) or 'taken' (another call already decided).
create or replace function public.claim_lead_notification(lead_id uuid)
returns text
language plpgsql
security invoker
set search_path = ''
as $$
declare
  lead public.leads;
  allowance public.intake_limits := private.intake_limit('lead_emails_before_digest');
  window_start timestamptz := pg_catalog.date_bin(allowance.per, pg_catalog.now(), timestamptz '2000-01-01');
  emailed integer;
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

  select count(*) into emailed
    from public.leads
   where notification = 'emailed' and notified_at >= window_start;
  if emailed < allowance.max_count then
    update public.leads set notification = 'emailed', notified_at = pg_catalog.now() where id = lead_id;
    return 'email';
  end if;
  update public.leads set notification = 'held' where id = lead_id;
  return 'held';
end;
$$;

-- The held leads of every closed window, claimed for one digest e-mail (none while the
-- current window is still open or when another call took them).
create or replace function public.claim_lead_digest()
returns setof public.leads
language plpgsql
security invoker
set search_path = ''
as $$
declare
  allowance public.intake_limits := private.intake_limit('lead_emails_before_digest');
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('public.leads:notifications'));
  return query
    update public.leads
       set notification = 'in_digest', notified_at = pg_catalog.now()
     where notification = 'held'
       and created_at < pg_catalog.date_bin(allowance.per, pg_catalog.now(), timestamptz '2000-01-01')
    returning *;
end;
$$;

-- The end of the current digest window: when the function should look for a digest to send.
create or replace function public.lead_digest_due_at()
returns timestamptz
language sql
stable
security invoker
set search_path = ''
as $$
  select pg_catalog.date_bin(per, pg_catalog.now(), timestamptz '2000-01-01') + per
    from public.intake_limits where name = 'lead_emails_before_digest';
$$;

revoke all on function public.claim_lead_notification(uuid) from public, anon, authenticated;
revoke all on function public.claim_lead_digest() from public, anon, authenticated;
revoke all on function public.lead_digest_due_at() from public, anon, authenticated;
grant execute on function public.claim_lead_notification(uuid) to service_role;
grant execute on function public.claim_lead_digest() to service_role;
grant execute on function public.lead_digest_due_at() to service_role;

-- Helpers run inside triggers and definer functions only; visitors never call them directly.
revoke all on all functions in schema private from public, anon, authenticated;
grant usage on schema private to service_role;
grant execute on all functions in schema private to service_role;
grant all on all tables in schema private to service_role;
