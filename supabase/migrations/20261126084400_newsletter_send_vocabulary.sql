-- The words newsletter sending needs (20261126084500_newsletter_sends.sql uses them). A value
-- added to an enum can only be used once the migration that adds it has committed, and each
-- migration runs in a transaction of its own, locally and under `supabase db push`: so this
-- file adds the values and nothing else.
--
-- send_newsletter          schedule, cancel and follow a post's newsletter send (not personal
--                          data: the addresses stay with manage_subscribers)
-- bounced, complained      a subscriber the provider reported; never mailed again
-- newsletter_test_emails_per_member   the test e-mails one staff member may send themselves

alter type public.staff_permission add value if not exists 'send_newsletter';
alter type public.newsletter_status add value if not exists 'bounced';
alter type public.newsletter_status add value if not exists 'complained';
alter type public.intake_limit_name add value if not exists 'newsletter_test_emails_per_member';

create type public.newsletter_send_status as enum ('scheduled', 'sending', 'sent', 'cancelled');
create type public.newsletter_delivery as enum (
  'queued', 'sent', 'failed', 'bounced', 'complained', 'skipped'
);
