-- The newsletter with double opt-in (GDPR): a sign-up is pending until the visitor follows the
-- link in a confirmation e-mail; only confirmed addresses receive the newsletter; every
-- e-mail carries a one-click unsubscribe link.
--
-- Visitors no longer insert into the table: newsletter_subscribe() answers the same (status, headers,
-- body) whether the address is new, pending, confirmed or unsubscribed, so a sign-up tells
-- nobody whether an address is on the list. The newsletter function (with the secret key) then
-- calls claim_newsletter_confirmation(), which issues the links at most once a day
-- per address. Links carry random tokens (244 random bits, from gen_random_uuid's strong random
-- source); only their SHA-256 is stored, each is single-use and expires.

create type public.newsletter_status as enum ('pending', 'confirmed', 'unsubscribed');
create type public.newsletter_token_purpose as enum ('confirm', 'unsubscribe');

alter table public.newsletter_subscribers
  add column status text not null default 'pending',
  add column confirmation_sent_at timestamptz,
  add column confirmed_at timestamptz,
  add column unsubscribed_at timestamptz,
  add constraint newsletter_subscribers_status_check
    check (status = any (enum_range(null::public.newsletter_status)::text[]));

comment on table public.newsletter_subscribers is
  'Newsletter sign-ups. Only status = confirmed receives the newsletter. Visitors write through newsletter_subscribe().';

-- Rows from before double opt-in never confirmed: they stay pending until they sign up again.

drop trigger newsletter_subscribers_skip_duplicate on public.newsletter_subscribers;
drop function public.newsletter_subscribers_skip_duplicate();
drop policy "newsletter_subscribers: anyone can sign up" on public.newsletter_subscribers;
revoke insert on table public.newsletter_subscribers from anon, authenticated;

create table private.newsletter_tokens (
  token_hash bytea primary key,
  subscriber_id uuid not null references public.newsletter_subscribers (id) on delete cascade,
  purpose text not null check (purpose = any (enum_range(null::public.newsletter_token_purpose)::text[])),
  expires_at timestamptz not null
);

create index newsletter_tokens_subscriber_idx on private.newsletter_tokens (subscriber_id, purpose);

create or replace function private.token_hash(token text)
returns bytea
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.sha256(pg_catalog.convert_to(token, 'UTF8'));
$$;

create or replace function private.new_token()
returns text
language sql
volatile
set search_path = ''
as $$
  select pg_catalog.replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
$$;

-- The one way a visitor signs up. Idempotent, and silent about what it found.
create or replace function public.newsletter_subscribe(email text, language text default 'en')
returns void
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  perform private.take_intake_allowance('newsletter_signups_per_address');

  insert into public.newsletter_subscribers as subscriber (email, language)
  values (pg_catalog.btrim(newsletter_subscribe.email), newsletter_subscribe.language)
  on conflict ((pg_catalog.lower(email))) do update
    set language = excluded.language,
        status = case when subscriber.status = 'unsubscribed' then 'pending' else subscriber.status end,
        unsubscribed_at = null
    where subscriber.status <> 'confirmed';
end;
$$;

revoke all on function public.newsletter_subscribe(text, text) from public;
grant execute on function public.newsletter_subscribe(text, text) to anon, authenticated, service_role;

-- Issues the confirmation e-mail's two links for a pending address, unless it was sent one
-- within the limit (newsletter_confirmations_per_address). Returns no row when nothing is to
-- be sent. The function calls this with the secret key and mails the tokens it returns.
create or replace function public.claim_newsletter_confirmation(address text)
returns table (email text, language text, confirm_token text, unsubscribe_token text)
language plpgsql
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  allowance public.intake_limits := private.intake_limit('newsletter_confirmations_per_address');
  subscriber public.newsletter_subscribers;
  confirm text := private.new_token();
  unsubscribe text := private.new_token();
begin
  select * into subscriber
    from public.newsletter_subscribers
   where pg_catalog.lower(newsletter_subscribers.email) = pg_catalog.lower(pg_catalog.btrim(address))
     and status = 'pending'
     and (confirmation_sent_at is null or confirmation_sent_at <= pg_catalog.now() - allowance.per)
   for update;
  if not found then
    return;
  end if;

  update public.newsletter_subscribers set confirmation_sent_at = pg_catalog.now() where id = subscriber.id;
  delete from private.newsletter_tokens where subscriber_id = subscriber.id and purpose = 'confirm';
  insert into private.newsletter_tokens (token_hash, subscriber_id, purpose, expires_at) values
    (private.token_hash(confirm), subscriber.id, 'confirm', pg_catalog.now() + interval '7 days'),
    (private.token_hash(unsubscribe), subscriber.id, 'unsubscribe', pg_catalog.now() + interval '1 year');

  return query select subscriber.email, subscriber.language, confirm, unsubscribe;
end;
$$;

-- Gives a failed send back: the address may be sent a confirmation again at once.
create or replace function public.release_newsletter_confirmation(address text)
returns void
language sql
security invoker
set search_path = ''
as $$
  update public.newsletter_subscribers
     set confirmation_sent_at = null
   where pg_catalog.lower(email) = pg_catalog.lower(pg_catalog.btrim(address)) and status = 'pending';
$$;

revoke all on function public.claim_newsletter_confirmation(text) from public, anon, authenticated;
revoke all on function public.release_newsletter_confirmation(text) from public, anon, authenticated;
grant execute on function public.claim_newsletter_confirmation(text) to service_role;
grant execute on function public.release_newsletter_confirmation(text) to service_role;

-- The confirmation page: true when the token was valid (the address is now confirmed), false
-- when it is unknown, used or expired.
create or replace function public.confirm_newsletter_subscription(token text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  subscriber uuid;
begin
  delete from private.newsletter_tokens
   where token_hash = private.token_hash(token) and purpose = 'confirm' and expires_at > pg_catalog.now()
  returning subscriber_id into subscriber;
  if subscriber is null then
    return false;
  end if;
  update public.newsletter_subscribers
     set status = 'confirmed', confirmed_at = pg_catalog.now()
   where id = subscriber;
  return true;
end;
$$;

-- The unsubscribe page and the one-click POST: true when the token was valid. The address no
-- longer receives anything and its confirmation link stops working; the unsubscribe link keeps
-- answering true, so a second click (or a mail app's POST before the visitor's) still reads
-- "unsubscribed".
create or replace function public.unsubscribe_from_newsletter(token text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  subscriber uuid;
begin
  select subscriber_id into subscriber
    from private.newsletter_tokens
   where token_hash = private.token_hash(token) and purpose = 'unsubscribe' and expires_at > pg_catalog.now();
  if subscriber is null then
    return false;
  end if;
  delete from private.newsletter_tokens where subscriber_id = subscriber and purpose = 'confirm';
  update public.newsletter_subscribers
     set status = 'unsubscribed', unsubscribed_at = pg_catalog.now(), confirmation_sent_at = null
   where id = subscriber;
  return true;
end;
$$;

revoke all on function public.confirm_newsletter_subscription(text) from public;
revoke all on function public.unsubscribe_from_newsletter(text) from public;
grant execute on function public.confirm_newsletter_subscription(text) to anon, authenticated, service_role;
grant execute on function public.unsubscribe_from_newsletter(text) to anon, authenticated, service_role;

revoke all on all functions in schema private from public, anon, authenticated;
grant execute on all functions in schema private to service_role;
grant all on all tables in schema private to service_role;
