-- Erasing a subscriber (a GDPR request, done with the service role) erases them from every
-- send's history too: their recipient rows carry their address, which `on delete set null`
-- kept. A send's counts then leave them out, as if they had never been on the list.
alter table public.newsletter_recipients
  drop constraint newsletter_recipients_subscriber_id_fkey,
  add constraint newsletter_recipients_subscriber_id_fkey
    foreign key (subscriber_id) references public.newsletter_subscribers (id) on delete cascade;
