-- Leads captured by the forms of the public site (home, services, about, contact).
--
-- Visitors may only add a lead: they never read, change or delete one, and never choose its
-- id, status or created_at. Staff read every lead and move it through new -> contacted ->
-- qualified. A flood guard refuses more than 5 leads per e-mail address per hour.

create table public.leads (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text not null,
  phone text,
  company text,
  website text,
  budget text,
  message text,
  source text not null,
  language text not null default 'en',
  status text not null default 'new',
  created_at timestamptz not null default now(),
  -- Set by the send-lead-notification function (service role) when the agency was e-mailed,
  -- so one lead triggers at most one notification.
  notified_at timestamptz,

  constraint leads_name_check check (
    btrim(name) <> '' and char_length(name) <= 200 and name !~ '[[:cntrl:]]'
  ),
  constraint leads_email_check check (
    char_length(email) <= 320 and email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$' and email !~ '[[:cntrl:]]'
  ),
  constraint leads_phone_check check (
    phone is null or (char_length(phone) <= 50 and phone !~ '[[:cntrl:]]')
  ),
  constraint leads_company_check check (
    company is null or (char_length(company) <= 200 and company !~ '[[:cntrl:]]')
  ),
  constraint leads_website_check check (
    website is null or (char_length(website) <= 500 and website !~ '[[:cntrl:]]')
  ),
  constraint leads_budget_check check (
    budget is null or (char_length(budget) <= 100 and budget !~ '[[:cntrl:]]')
  ),
  -- Messages are multi-line: tab, line feed and carriage return are allowed, other control
  -- characters are not.
  constraint leads_message_check check (
    message is null or (char_length(message) <= 5000 and message !~ '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f]')
  ),
  constraint leads_source_check check (source in ('homepage', 'services', 'about', 'contact')),
  constraint leads_language_check check (language in ('en', 'fr')),
  constraint leads_status_check check (status in ('new', 'contacted', 'qualified'))
);

comment on table public.leads is 'Consultation and audit requests left by visitors. Insert-only for visitors; staff read and set status.';

-- Staff list: newest first.
create index leads_created_at_idx on public.leads (created_at desc);
-- Flood guard: recent leads of one address, case-insensitively.
create index leads_lower_email_created_at_idx on public.leads (lower(email), created_at desc);
-- Notification function: the newest lead of an exact address.
create index leads_email_created_at_idx on public.leads (email, created_at desc);

-- Flood guard. Runs with the owner's rights (visitors cannot read leads, so a check under
-- their own role would see nothing) and a fixed, empty search_path. A transaction-scoped
-- advisory lock per address serialises concurrent submissions of the same address so they
-- cannot all slip under the limit together. SQLSTATE PT429 becomes HTTP 429 in PostgREST.
create or replace function public.leads_flood_guard()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  recent integer;
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('public.leads:' || pg_catalog.lower(new.email)));

  select count(*) into recent
    from public.leads
   where pg_catalog.lower(email) = pg_catalog.lower(new.email)
     and created_at > pg_catalog.now() - interval '1 hour';

  if recent >= 5 then
    raise exception 'Too many requests from this e-mail address. Please try again later.'
      using errcode = 'PT429',
            hint = 'At most 5 requests per e-mail address per hour are accepted.';
  end if;

  return new;
end;
$$;

revoke all on function public.leads_flood_guard() from public, anon, authenticated;

create trigger leads_flood_guard
  before insert on public.leads
  for each row execute function public.leads_flood_guard();

-- Grants: deny by default, then allow exactly what the site needs. Column-level insert
-- rights keep id, status and created_at at their defaults for everyone but the service role.
alter table public.leads enable row level security;

revoke all on table public.leads from public, anon, authenticated;
grant insert (name, email, phone, company, website, budget, message, source, language)
  on table public.leads to anon, authenticated;
grant select on table public.leads to authenticated;
grant update (status) on table public.leads to authenticated;
grant all on table public.leads to service_role;

-- Anyone, signed in or not, may submit a lead; it always starts as 'new'.
create policy "leads: anyone can submit a new lead"
  on public.leads for insert to anon, authenticated
  with check (status = 'new');

-- Only staff read leads (contact details are personal data).
create policy "leads: staff read all leads"
  on public.leads for select to authenticated
  using ((select public.is_admin()));

-- Only staff change a lead, and the column grant limits that to its status.
create policy "leads: staff update lead status"
  on public.leads for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
