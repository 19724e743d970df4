-- A bounce or a complaint counts only for an e-mail the site sent, and only for its recipient.
--
-- record_newsletter_event used to suppress whatever address a correctly signed event named,
-- with any email_id (and, without a match, the latest e-mail to the address): anyone holding the
-- webhook's signing secret, or a Resend account's events for other mail, could suppress any
-- subscriber. Now it changes nothing unless `provider_id` is the Resend id recorded for a
-- newsletter recipient (newsletter_recipients.provider_id, written by record_newsletter_batch)
-- whose address is the event's address; then that recipient and their subscriber take the state.
-- The sign-up confirmation e-mails' ids are not recorded: their bounces are left out (a pending
-- address is never sent the newsletter, and its confirmations are limited per address).
create or replace function public.record_newsletter_event(
  event_type text,
  email text,
  provider_id text default null,
  occurred_at timestamptz default now()
)
returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
declare
  outcome text := case record_newsletter_event.event_type
    when 'email.bounced' then 'bounced'
    when 'email.complained' then 'complained'
  end;
  address text := pg_catalog.lower(pg_catalog.btrim(record_newsletter_event.email));
  recipient public.newsletter_recipients;
begin
  if outcome is null or record_newsletter_event.provider_id is null then
    return false;
  end if;

  select * into recipient
    from public.newsletter_recipients sent
   where sent.provider_id = record_newsletter_event.provider_id
     and pg_catalog.lower(sent.email) = address
   limit 1;
  if not found then
    return false;
  end if;

  -- A complaint outranks a bounce; recording an event twice changes nothing more.
  update public.newsletter_subscribers subscriber
     set status = outcome
   where subscriber.id = recipient.subscriber_id
     and subscriber.status <> 'complained'
     and subscriber.status <> outcome;
  update public.newsletter_recipients sent
     set delivery = outcome, event_at = coalesce(record_newsletter_event.occurred_at, pg_catalog.now())
   where sent.id = recipient.id
     and sent.delivery <> 'complained'
     and sent.delivery <> outcome;
  return true;
end;
$$;
