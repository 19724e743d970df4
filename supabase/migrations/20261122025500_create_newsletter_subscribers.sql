-- Newsletter sign-ups from the blog (e-mail and the language of the page).
--
-- Visitors may only add a sign-up; staff read them. Signing up twice must look like a success
-- to the visitor and still store a single row.

create table public.newsletter_subscribers (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  language text not null default 'en',
  created_at timestamptz not null default now(),

  constraint newsletter_subscribers_email_check check (
    char_length(email) <= 320 and email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$' and email !~ '[[:cntrl:]]'
  ),
  constraint newsletter_subscribers_language_check check (language in ('en', 'fr'))
);

comment on table public.newsletter_subscribers is 'Newsletter sign-ups. Insert-only for visitors; a repeated address is silently ignored.';

-- One row per address, case-insensitively.
create unique index newsletter_subscribers_email_key on public.newsletter_subscribers (lower(email));
-- Staff list: newest first.
create index newsletter_subscribers_created_at_idx on public.newsletter_subscribers (created_at desc);

-- Makes a repeated sign-up idempotent. Visitors cannot read the table, so a client-side
-- "insert ... on conflict do nothing" upsert is not available to them (PostgREST upserts
-- need a plain unique constraint and read access); instead a plain insert of an address that is
-- already subscribed skips the row (returns null): the request succeeds (201) and the table
-- keeps one row. Runs with the owner's rights to see existing rows, with a fixed search_path;
-- the advisory lock serialises concurrent sign-ups of one address, so the unique index is
-- only a last line of defence.
create or replace function public.newsletter_subscribers_skip_duplicate()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform pg_catalog.pg_advisory_xact_lock(
    pg_catalog.hashtext('public.newsletter_subscribers:' || pg_catalog.lower(new.email))
  );

  if exists (
    select 1 from public.newsletter_subscribers
     where pg_catalog.lower(email) = pg_catalog.lower(new.email)
  ) then
    return null;
  end if;

  return new;
end;
$$;

revoke all on function public.newsletter_subscribers_skip_duplicate() from public, anon, authenticated;

create trigger newsletter_subscribers_skip_duplicate
  before insert on public.newsletter_subscribers
  for each row execute function public.newsletter_subscribers_skip_duplicate();

-- Grants: deny by default; visitors set only the address and language.
alter table public.newsletter_subscribers enable row level security;

revoke all on table public.newsletter_subscribers from public, anon, authenticated;
grant insert (email, language) on table public.newsletter_subscribers to anon, authenticated;
grant select on table public.newsletter_subscribers to authenticated;
grant all on table public.newsletter_subscribers to service_role;

-- Anyone, signed in or not, may sign up; the column grants limit what they can set.
create policy "newsletter_subscribers: anyone can sign up"
  on public.newsletter_subscribers for insert to anon, authenticated
  with check (true);

-- Only staff read the list of subscribers (personal data).
create policy "newsletter_subscribers: staff read all sign-ups"
  on public.newsletter_subscribers for select to authenticated
  using ((select public.is_admin()));
