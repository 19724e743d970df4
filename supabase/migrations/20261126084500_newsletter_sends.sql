-- A newsletter that sends: a post e-mailed once to the confirmed subscribers of its language,
-- in batches that survive faults, with bounces and complaints suppressed for good.
--
-- 1. Staff with send_newsletter (Administrators, Editors) ask for a send of a post
--    (schedule_newsletter_send); it waits until the post is published and due.
-- 2. The send-newsletter function (the schedule, with the secret key) takes the due sends
--    (due_newsletter_sends), renders each e-mail once and calls start_newsletter_send, which
--    writes every recipient down before anything is sent, in one transaction: the confirmed
--    subscribers of the post's language who have not received the post in an earlier send,
--    an unsubscribe token each, in batches of at most 100.
-- 3. It then claims one batch at a time (claim_newsletter_batch: leased, as lead e-mails are),
--    posts it to Resend's batch API with the batch's id as the Idempotency-Key, and records the
--    answer (record_newsletter_batch) or gives the batch back (release_newsletter_batch: 5 s,
--    doubling up to a minute; a rate limit costs no attempt; 10 attempts and it has failed).
--    A batch's recipients are fixed at its first claim, so a retry after a crash or a lost
--    answer sends the very same payload, and Resend answers it without a second delivery.
-- 4. Resend's bounce and complaint events (the resend-events function) suppress the address
--    (record_newsletter_event): it is never mailed again, and signing up again does not revive it.

insert into public.staff_role_permissions (role, permission) values
  ('admin', 'send_newsletter'),
  ('editor', 'send_newsletter');

-- Sending a post is not personal data (the addresses stay behind manage_subscribers): like
-- manage_posts, it needs no second factor.
create or replace function public.has_permission(permission public.staff_permission)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
      from public.staff_role_permissions granted
     where granted.role = public.staff_role()
       and granted.permission = has_permission.permission
  )
  and (has_permission.permission in ('manage_posts', 'send_newsletter') or private.two_factor_satisfied());
$$;

create or replace function private.require_any_permission(permissions public.staff_permission[])
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not exists (
    select 1 from pg_catalog.unnest(permissions) as wanted (permission)
     where public.has_permission(wanted.permission)
  ) then
    raise exception 'not_allowed' using errcode = '42501';
  end if;
end;
$$;

insert into public.intake_limits (name, max_count, per, description) values
  ('newsletter_test_emails_per_member', 10, interval '1 hour',
   'Test e-mails of a newsletter one staff member may send themselves.');

-- --------------------------------------------------------------------------------------------
-- Sends, batches, recipients.
-- --------------------------------------------------------------------------------------------

create table public.newsletter_sends (
  id uuid primary key default gen_random_uuid(),
  -- Kept when the post is deleted: what was sent stays on record.
  post_id uuid references public.blog_posts (id) on delete set null,
  language text not null check (language = any (enum_range(null::public.site_language)::text[])),
  subject text not null check (
    subject = btrim(subject) and subject <> '' and char_length(subject) <= 200 and subject !~ '[[:cntrl:]]'
  ),
  preheader text not null default '' check (char_length(preheader) <= 300 and preheader !~ '[[:cntrl:]]'),
  status text not null default 'scheduled'
    check (status = any (enum_range(null::public.newsletter_send_status)::text[])),
  send_again boolean not null default false,
  requested_by uuid default auth.uid() references auth.users (id) on delete set null,
  requested_at timestamptz not null default now(),
  started_at timestamptz,
  completed_at timestamptz,
  cancelled_at timestamptz,
  -- The e-mail as rendered once at the start, with the per-recipient parts as placeholders.
  from_address text,
  html text,
  text_body text,
  recipient_count integer check (recipient_count >= 0)
);

comment on table public.newsletter_sends is
  'A post e-mailed to the confirmed subscribers of its language: scheduled, sending, sent or cancelled. Written through the newsletter functions only.';

-- At most one send of a post waits or runs at a time.
create unique index newsletter_sends_one_active_per_post_key
  on public.newsletter_sends (post_id) where status in ('scheduled', 'sending');
create index newsletter_sends_post_id_idx on public.newsletter_sends (post_id, requested_at desc);
create index newsletter_sends_requested_at_idx on public.newsletter_sends (requested_at desc);
create index newsletter_sends_requested_by_idx on public.newsletter_sends (requested_by);

create table public.newsletter_batches (
  -- The provider's Idempotency-Key.
  id uuid primary key default gen_random_uuid(),
  send_id uuid not null references public.newsletter_sends (id) on delete cascade,
  position integer not null check (position >= 0),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  -- A caller that claimed it is sending it until then; past that, another may.
  leased_until timestamptz,
  -- When its recipients were fixed (its first claim): every retry sends the same payload.
  frozen_at timestamptz,
  last_error text check (char_length(last_error) <= 500),
  sent_at timestamptz,
  failed_at timestamptz,
  unique (send_id, position)
);

comment on table public.newsletter_batches is
  'At most 100 recipients of a send, posted to the provider in one call; its id is the Idempotency-Key.';

-- claim_newsletter_batch: the unfinished batches, in the order they are due.
create index newsletter_batches_due_idx
  on public.newsletter_batches (next_attempt_at, position) where sent_at is null and failed_at is null;

create table public.newsletter_recipients (
  id uuid primary key default gen_random_uuid(),
  send_id uuid not null references public.newsletter_sends (id) on delete cascade,
  batch_id uuid not null references public.newsletter_batches (id) on delete cascade,
  subscriber_id uuid references public.newsletter_subscribers (id) on delete set null,
  email text not null,
  delivery text not null default 'queued'
    check (delivery = any (enum_range(null::public.newsletter_delivery)::text[])),
  provider_id text,
  error text check (char_length(error) <= 500),
  sent_at timestamptz,
  -- When the provider reported a bounce or a complaint.
  event_at timestamptz,
  unique (send_id, subscriber_id)
);

comment on table public.newsletter_recipients is
  'Who a send is for, written before anything is sent, and how each e-mail went: queued, sent, failed (with the reason), bounced, complained, or skipped (no longer confirmed when its batch went out).';

create index newsletter_recipients_batch_id_idx on public.newsletter_recipients (batch_id);
create index newsletter_recipients_subscriber_id_idx on public.newsletter_recipients (subscriber_id);
create index newsletter_recipients_provider_id_idx
  on public.newsletter_recipients (provider_id) where provider_id is not null;
create index newsletter_recipients_sent_email_idx
  on public.newsletter_recipients (pg_catalog.lower(email), sent_at desc) where sent_at is not null;

-- The clear unsubscribe token of a recipient until its e-mail is sent (only its SHA-256 stays,
-- in private.newsletter_tokens, as for confirmation e-mails).
create table private.newsletter_recipient_tokens (
  recipient_id uuid primary key references public.newsletter_recipients (id) on delete cascade,
  token text not null
);

-- The test e-mails each member sent themselves (newsletter_test_emails_per_member).
create table private.newsletter_test_emails (
  member_id uuid not null references auth.users (id) on delete cascade,
  requested_at timestamptz not null default now()
);

create index newsletter_test_emails_member_idx on private.newsletter_test_emails (member_id, requested_at);

alter table public.newsletter_sends enable row level security;
alter table public.newsletter_batches enable row level security;
alter table public.newsletter_recipients enable row level security;
alter table private.newsletter_recipient_tokens enable row level security;
alter table private.newsletter_test_emails enable row level security;

revoke all on table public.newsletter_sends, public.newsletter_batches, public.newsletter_recipients
  from public, anon, authenticated;
revoke all on table private.newsletter_recipient_tokens, private.newsletter_test_emails
  from public, anon, authenticated;
grant select on table public.newsletter_sends, public.newsletter_batches, public.newsletter_recipients
  to authenticated;
grant all on table public.newsletter_sends, public.newsletter_batches, public.newsletter_recipients
  to service_role;
grant all on table private.newsletter_recipient_tokens, private.newsletter_test_emails to service_role;

-- Staff who send newsletters, or manage subscribers, follow the sends.
create policy "newsletter_sends: senders and subscriber managers read sends"
  on public.newsletter_sends for select to authenticated
  using ((select public.has_permission('send_newsletter')) or (select public.has_permission('manage_subscribers')));

-- Staff who send newsletters, or manage subscribers, follow the batches.
create policy "newsletter_batches: senders and subscriber managers read batches"
  on public.newsletter_batches for select to authenticated
  using ((select public.has_permission('send_newsletter')) or (select public.has_permission('manage_subscribers')));

-- Only staff who manage subscribers read who was sent what (addresses are personal data).
create policy "newsletter_recipients: subscriber managers read recipients"
  on public.newsletter_recipients for select to authenticated
  using ((select public.has_permission('manage_subscribers')));

-- --------------------------------------------------------------------------------------------
-- Suppressed addresses stay suppressed.
-- --------------------------------------------------------------------------------------------

-- As in 20261123092000_newsletter_double_opt_in.sql, but a bounced or complained address is
-- left as it is (it is never mailed again), as a confirmed one is.
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
    where subscriber.status in ('pending', 'unsubscribed');
end;
$$;

-- A suppressed address is not confirmed by an old link.
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
   where id = subscriber and status not in ('bounced', 'complained');
  return found;
end;
$$;

-- As before, but only a pending or confirmed address changes: unsubscribed_at stays the first
-- unsubscription's (the send results count unsubscribes after a send by it), and a suppressed
-- address stays suppressed. A valid token still answers true.
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
   where id = subscriber and status in ('pending', 'confirmed');
  return true;
end;
$$;

-- --------------------------------------------------------------------------------------------
-- What staff call.
-- --------------------------------------------------------------------------------------------

-- Who a send of the post would reach: the confirmed subscribers of `language` to whom no
-- earlier send of the post was sent.
create or replace function private.newsletter_audience_of(post_id uuid, language text)
returns table (subscriber_id uuid, email text)
language sql
stable
set search_path = ''
as $$
  select subscriber.id, subscriber.email
    from public.newsletter_subscribers subscriber
   where subscriber.status = 'confirmed'
     and subscriber.language = newsletter_audience_of.language
     and not exists (
       select 1
         from public.newsletter_sends earlier_send
         join public.newsletter_recipients earlier on earlier.send_id = earlier_send.id
        where earlier_send.post_id = newsletter_audience_of.post_id
          and earlier.subscriber_id = subscriber.id
          and earlier.sent_at is not null
     );
$$;

-- What the editor shows before a send: the post's language, how many it would reach now,
-- whether it was sent (and when last), and the send waiting or running, if any.
create or replace function public.newsletter_audience(post_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  post public.blog_posts;
begin
  perform private.require_any_permission(array['send_newsletter']::public.staff_permission[]);
  select * into post from public.blog_posts where id = newsletter_audience.post_id;
  if not found then
    raise exception 'not_found' using errcode = 'P0002';
  end if;
  return pg_catalog.jsonb_build_object(
    'language', post.language,
    'recipients', (select pg_catalog.count(*) from private.newsletter_audience_of(post.id, post.language)),
    'already_sent', exists (
      select 1 from public.newsletter_sends send where send.post_id = post.id and send.status = 'sent'
    ),
    'pending', (
      select pg_catalog.jsonb_build_object('id', send.id, 'status', send.status, 'requested_at', send.requested_at)
        from public.newsletter_sends send
       where send.post_id = post.id and send.status in ('scheduled', 'sending')
    ),
    'last_sent_at', (
      select pg_catalog.max(coalesce(send.completed_at, send.started_at))
        from public.newsletter_sends send
       where send.post_id = post.id and send.status = 'sent'
    )
  );
end;
$$;

-- Asks for a send of the post, which waits until the post is published and due. A send
-- already waiting takes the new subject and preheader. PT409 while one runs, or once the post
-- was sent unless `send_again` (which reaches only the subscribers who have not received it).
create or replace function public.schedule_newsletter_send(
  post_id uuid,
  subject text,
  preheader text default '',
  send_again boolean default false
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  post public.blog_posts;
  active public.newsletter_sends;
  clean_subject text := pg_catalog.btrim(schedule_newsletter_send.subject);
  clean_preheader text := pg_catalog.btrim(coalesce(schedule_newsletter_send.preheader, ''));
  wanted_again boolean := coalesce(schedule_newsletter_send.send_again, false);
  created uuid;
begin
  perform private.require_any_permission(array['send_newsletter']::public.staff_permission[]);
  select * into post from public.blog_posts where id = schedule_newsletter_send.post_id;
  if not found then
    raise exception 'not_found' using errcode = 'P0002';
  end if;
  -- Two requests for one post at once: the second sees the first's send.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('public.newsletter_sends:' || post.id::text));

  select * into active
    from public.newsletter_sends
   where newsletter_sends.post_id = post.id and status in ('scheduled', 'sending')
   for update;
  if found and active.status = 'sending' then
    raise exception 'This post is being sent now.' using errcode = 'PT409';
  end if;
  if found then
    update public.newsletter_sends
       set subject = clean_subject,
           preheader = clean_preheader,
           send_again = newsletter_sends.send_again or wanted_again,
           language = post.language
     where id = active.id;
    return active.id;
  end if;
  if not wanted_again and exists (
    select 1 from public.newsletter_sends where newsletter_sends.post_id = post.id and status = 'sent'
  ) then
    raise exception 'This post was already sent to subscribers.' using errcode = 'PT409';
  end if;
  insert into public.newsletter_sends (post_id, language, subject, preheader, send_again)
  values (post.id, post.language, clean_subject, clean_preheader, wanted_again)
  returning id into created;
  return created;
end;
$$;

-- Withdraws a send that has not started; false when there is none waiting.
create or replace function public.cancel_newsletter_send(send_id uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_any_permission(array['send_newsletter']::public.staff_permission[]);
  update public.newsletter_sends
     set status = 'cancelled', cancelled_at = pg_catalog.now()
   where id = cancel_newsletter_send.send_id and status = 'scheduled';
  return found;
end;
$$;

-- Each send, newest first (one post's with `post_id`), with what came of it. `sent` counts
-- the e-mails the provider accepted, the ones that bounced or drew a complaint later
-- included; `unsubscribed`, recipients who unsubscribed after the send started.
create or replace function public.newsletter_send_results(post_id uuid default null)
returns table (
  id uuid,
  post_id uuid,
  post_title text,
  language text,
  subject text,
  status text,
  send_again boolean,
  requested_at timestamptz,
  started_at timestamptz,
  completed_at timestamptz,
  recipients integer,
  queued integer,
  sent integer,
  failed integer,
  bounced integer,
  complained integer,
  unsubscribed integer
)
language sql
stable
security definer
set search_path = ''
as $$
  select private.require_any_permission(
    array['send_newsletter', 'manage_subscribers']::public.staff_permission[]
  );
  select send.id, send.post_id, post.title, send.language, send.subject, send.status, send.send_again,
         send.requested_at, send.started_at, send.completed_at,
         coalesce(counts.recipients, 0), coalesce(counts.queued, 0), coalesce(counts.sent, 0),
         coalesce(counts.failed, 0), coalesce(counts.bounced, 0), coalesce(counts.complained, 0),
         coalesce(counts.unsubscribed, 0)
    from public.newsletter_sends send
    left join public.blog_posts post on post.id = send.post_id
    left join lateral (
      select pg_catalog.count(*)::integer as recipients,
             (pg_catalog.count(*) filter (where recipient.delivery = 'queued'))::integer as queued,
             (pg_catalog.count(*) filter (where recipient.sent_at is not null))::integer as sent,
             (pg_catalog.count(*) filter (where recipient.delivery = 'failed'))::integer as failed,
             (pg_catalog.count(*) filter (where recipient.delivery = 'bounced'))::integer as bounced,
             (pg_catalog.count(*) filter (where recipient.delivery = 'complained'))::integer as complained,
             (pg_catalog.count(*) filter (
               where subscriber.status = 'unsubscribed' and subscriber.unsubscribed_at >= send.started_at
             ))::integer as unsubscribed
        from public.newsletter_recipients recipient
        left join public.newsletter_subscribers subscriber on subscriber.id = recipient.subscriber_id
       where recipient.send_id = send.id
    ) counts on true
   where newsletter_send_results.post_id is null or send.post_id = newsletter_send_results.post_id
   order by send.requested_at desc, send.id;
$$;

-- The caller's own address for a test e-mail, at most newsletter_test_emails_per_member an
-- hour (PT429 past it).
create or replace function public.claim_newsletter_test_email()
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  allowance public.intake_limits := private.intake_limit('newsletter_test_emails_per_member');
  address text;
begin
  perform private.require_any_permission(array['send_newsletter']::public.staff_permission[]);
  -- A member's concurrent requests cannot all slip under the limit.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('private.newsletter_test_emails:' || me::text));
  delete from private.newsletter_test_emails
   where member_id = me and requested_at <= pg_catalog.now() - allowance.per;
  if (select pg_catalog.count(*) from private.newsletter_test_emails where member_id = me) >= allowance.max_count then
    raise exception 'Too many test e-mails. Please try again later.'
      using errcode = 'PT429',
            hint = pg_catalog.format('At most %s per member per %s.', allowance.max_count, allowance.per);
  end if;
  insert into private.newsletter_test_emails (member_id) values (me);
  select users.email::text into address from auth.users users where users.id = me;
  return address;
end;
$$;

-- --------------------------------------------------------------------------------------------
-- What the send-newsletter function calls (the service role).
-- --------------------------------------------------------------------------------------------

-- The scheduled sends whose post is published and due, each with the post to render; a send
-- whose post was deleted is cancelled on the way.
create or replace function public.due_newsletter_sends()
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
begin
  update public.newsletter_sends
     set status = 'cancelled', cancelled_at = pg_catalog.now()
   where status = 'scheduled' and post_id is null;

  return coalesce((
    select pg_catalog.jsonb_agg(
             pg_catalog.jsonb_build_object(
               'send_id', send.id,
               'subject', send.subject,
               'preheader', send.preheader,
               'post', pg_catalog.jsonb_build_object(
                 'id', post.id, 'title', post.title, 'slug', post.slug, 'excerpt', post.excerpt,
                 'content', post.content, 'language', post.language, 'image_url', post.image_url,
                 'image_width', post.image_width, 'image_height', post.image_height,
                 'video_url', post.video_url, 'author', post.author, 'published_at', post.published_at))
             order by send.requested_at, send.id)
      from public.newsletter_sends send
      join public.blog_posts post on post.id = send.post_id
     where send.status = 'scheduled'
       and post.status = 'published'
       and post.published_at <= pg_catalog.now()
  ), '[]'::jsonb);
end;
$$;

-- Marks a send sent once none of its batches is left to send. The send's row is locked first,
-- so of two batches finishing at once, the second sees the first.
create or replace function private.finish_newsletter_send(send_id uuid)
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform 1 from public.newsletter_sends where id = finish_newsletter_send.send_id for update;
  update public.newsletter_sends send
     set status = 'sent', completed_at = pg_catalog.now()
   where send.id = finish_newsletter_send.send_id
     and send.status = 'sending'
     and not exists (
       select 1 from public.newsletter_batches batch
        where batch.send_id = send.id and batch.sent_at is null and batch.failed_at is null
     );
end;
$$;

-- Starts a due send with its rendered e-mail: every recipient, one unsubscribe token each and
-- the batches of at most 100, written in one transaction, set-based. Returns how many
-- recipients it has; a send already started returns its count and changes nothing, and one
-- whose post is not (or no longer) published and due stays scheduled (0).
create or replace function public.start_newsletter_send(
  send_id uuid,
  from_address text,
  html text,
  text_body text
)
returns integer
language plpgsql
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  send public.newsletter_sends;
  post public.blog_posts;
  written integer;
begin
  select * into send from public.newsletter_sends where id = start_newsletter_send.send_id for update;
  if not found then
    raise exception 'not_found' using errcode = 'P0002';
  end if;
  if send.status <> 'scheduled' then
    return coalesce(send.recipient_count, 0);
  end if;
  if send.post_id is null then
    update public.newsletter_sends set status = 'cancelled', cancelled_at = pg_catalog.now() where id = send.id;
    return 0;
  end if;
  select * into post from public.blog_posts where id = send.post_id;
  if post.status <> 'published' or post.published_at > pg_catalog.now() then
    return 0;
  end if;

  -- Tokens past their year are of no use to anyone.
  delete from private.newsletter_tokens where expires_at <= pg_catalog.now();

  with audience as materialized (
    select chosen.subscriber_id, chosen.email,
           (pg_catalog.row_number() over (order by chosen.subscriber_id) - 1) / 100 as position
      from private.newsletter_audience_of(post.id, post.language) chosen
  ),
  batches as (
    insert into public.newsletter_batches (send_id, position)
    select send.id, positions.position from (select distinct audience.position from audience) positions
    returning newsletter_batches.id, newsletter_batches.position
  ),
  recipients as (
    insert into public.newsletter_recipients (send_id, batch_id, subscriber_id, email)
    select send.id, batches.id, audience.subscriber_id, audience.email
      from audience join batches on batches.position = audience.position
    returning newsletter_recipients.id, newsletter_recipients.subscriber_id
  ),
  tokens as materialized (
    select recipients.id as recipient_id, recipients.subscriber_id, private.new_token() as token
      from recipients
  ),
  clear_tokens as (
    insert into private.newsletter_recipient_tokens (recipient_id, token)
    select tokens.recipient_id, tokens.token from tokens
  )
  insert into private.newsletter_tokens (token_hash, subscriber_id, purpose, expires_at)
  select private.token_hash(tokens.token), tokens.subscriber_id, 'unsubscribe', pg_catalog.now() + interval '1 year'
    from tokens;
  get diagnostics written = row_count;

  update public.newsletter_sends
     set status = case when written = 0 then 'sent' else 'sending' end,
         started_at = pg_catalog.now(),
         completed_at = case when written = 0 then pg_catalog.now() end,
         language = post.language,
         from_address = start_newsletter_send.from_address,
         html = start_newsletter_send.html,
         text_body = start_newsletter_send.text_body,
         recipient_count = written
   where id = send.id;
  return written;
end;
$$;

-- The next due batch of a running send, leased to the caller for `lease_seconds`, with its
-- e-mail and recipients (in id order), or null when none is due. At a batch's first claim, its
-- recipients who are no longer confirmed are skipped and the rest fixed for every retry; a
-- batch left with nobody is done, and the next one is taken.
create or replace function public.claim_newsletter_batch(lease_seconds integer default 60)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  batch public.newsletter_batches;
  send public.newsletter_sends;
  recipients jsonb;
begin
  loop
    select batch_row.* into batch
      from public.newsletter_batches batch_row
      join public.newsletter_sends send_row on send_row.id = batch_row.send_id
     where batch_row.sent_at is null
       and batch_row.failed_at is null
       and batch_row.next_attempt_at <= pg_catalog.now()
       and (batch_row.leased_until is null or batch_row.leased_until <= pg_catalog.now())
       and send_row.status = 'sending'
     order by batch_row.next_attempt_at, batch_row.position
     limit 1
       for update of batch_row skip locked;
    if not found then
      return null;
    end if;

    if batch.frozen_at is null then
      with skipped as (
        update public.newsletter_recipients recipient
           set delivery = 'skipped'
         where recipient.batch_id = batch.id
           and recipient.delivery = 'queued'
           and not exists (
             select 1 from public.newsletter_subscribers subscriber
              where subscriber.id = recipient.subscriber_id and subscriber.status = 'confirmed'
           )
        returning recipient.id
      ),
      -- Never sent: their tokens, clear and hashed, go.
      cleared as (
        delete from private.newsletter_recipient_tokens token
         using skipped
         where token.recipient_id = skipped.id
        returning token.token
      )
      delete from private.newsletter_tokens hashed
       using cleared
       where hashed.token_hash = private.token_hash(cleared.token);
      update public.newsletter_batches set frozen_at = pg_catalog.now() where id = batch.id;
      if not exists (
        select 1 from public.newsletter_recipients
         where batch_id = batch.id and delivery = 'queued'
      ) then
        update public.newsletter_batches set sent_at = pg_catalog.now() where id = batch.id;
        perform private.finish_newsletter_send(batch.send_id);
        continue;
      end if;
    end if;

    update public.newsletter_batches
       set attempts = attempts + 1,
           leased_until = pg_catalog.now()
             + pg_catalog.make_interval(secs => least(greatest(coalesce(lease_seconds, 60), 1), 3600))
     where id = batch.id
    returning * into batch;

    select * into send from public.newsletter_sends where id = batch.send_id;
    select pg_catalog.jsonb_agg(
             pg_catalog.jsonb_build_object('id', recipient.id, 'email', recipient.email, 'token', token.token)
             order by recipient.id)
      into recipients
      from public.newsletter_recipients recipient
      join private.newsletter_recipient_tokens token on token.recipient_id = recipient.id
     where recipient.batch_id = batch.id and recipient.delivery = 'queued';

    return pg_catalog.jsonb_build_object(
      'batch_id', batch.id,
      'send_id', send.id,
      'attempt', batch.attempts,
      'from', send.from_address,
      'subject', send.subject,
      'preheader', send.preheader,
      'html', send.html,
      'text', send.text_body,
      'recipients', coalesce(recipients, '[]'::jsonb)
    );
  end loop;
end;
$$;

-- What the provider answered for a claimed batch: per recipient its id at the provider (sent)
-- or its error (failed). A recipient the answer leaves out has failed too. The batch is done,
-- and its send once no batch is left. Recording a batch twice changes nothing.
create or replace function public.record_newsletter_batch(batch_id uuid, results jsonb)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  batch public.newsletter_batches;
begin
  select * into batch from public.newsletter_batches where id = record_newsletter_batch.batch_id for update;
  if not found or batch.sent_at is not null or batch.failed_at is not null then
    return;
  end if;

  update public.newsletter_recipients recipient
     set delivery = case when result.error is null then 'sent' else 'failed' end,
         provider_id = result.provider_id,
         error = pg_catalog.left(result.error, 500),
         sent_at = case when result.error is null then pg_catalog.now() end
    from pg_catalog.jsonb_to_recordset(coalesce(results, '[]'::jsonb))
           as result (recipient_id uuid, provider_id text, error text)
   where recipient.id = result.recipient_id
     and recipient.batch_id = batch.id
     and recipient.delivery = 'queued';
  update public.newsletter_recipients
     set delivery = 'failed', error = 'The provider''s answer did not name this recipient.'
   where newsletter_recipients.batch_id = batch.id and delivery = 'queued';

  delete from private.newsletter_recipient_tokens token
   using public.newsletter_recipients recipient
   where recipient.id = token.recipient_id and recipient.batch_id = batch.id;
  update public.newsletter_batches set sent_at = pg_catalog.now(), leased_until = null where id = batch.id;
  perform private.finish_newsletter_send(batch.send_id);
end;
$$;

-- Gives a claimed batch back after a failed call: it is tried again after `retry_after_seconds`
-- (the provider's retry-after), else 5 s after the first failure, doubling up to a minute. A
-- rate limit costs no attempt; the 10th failed attempt fails the batch and its recipients.
create or replace function public.release_newsletter_batch(
  batch_id uuid,
  error text,
  retry_after_seconds integer default null,
  rate_limited boolean default false
)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  batch public.newsletter_batches;
  reason text := pg_catalog.left(coalesce(release_newsletter_batch.error, 'Unknown error.'), 500);
  limited boolean := coalesce(release_newsletter_batch.rate_limited, false);
begin
  update public.newsletter_batches
     set leased_until = null,
         last_error = reason,
         attempts = case when limited then greatest(attempts - 1, 0) else attempts end
   where id = release_newsletter_batch.batch_id and sent_at is null and failed_at is null
  returning * into batch;
  if not found then
    return;
  end if;

  if not limited and batch.attempts >= 10 then
    update public.newsletter_batches
       set failed_at = pg_catalog.now()
     where id = batch.id;
    update public.newsletter_recipients
       set delivery = 'failed', error = reason
     where newsletter_recipients.batch_id = batch.id and delivery = 'queued';
    -- The e-mails may have gone out with an answer that was lost: their unsubscribe links
    -- (the hashed tokens) keep working.
    delete from private.newsletter_recipient_tokens token
     using public.newsletter_recipients recipient
     where recipient.id = token.recipient_id and recipient.batch_id = batch.id;
    perform private.finish_newsletter_send(batch.send_id);
    return;
  end if;

  update public.newsletter_batches
     set next_attempt_at = pg_catalog.now() + case
           when release_newsletter_batch.retry_after_seconds is not null
             then pg_catalog.make_interval(secs => least(greatest(release_newsletter_batch.retry_after_seconds, 0), 3600))
           else least(interval '5 seconds' * pg_catalog.power(2, greatest(batch.attempts - 1, 0)), interval '1 minute')
         end
   where id = batch.id;
end;
$$;

-- A bounce or a complaint the provider reported: the address is suppressed for good (a
-- complaint outranks a bounce), and the recipient the event is about (by the provider's id,
-- else the latest e-mail sent to the address) takes the same state. Other events are ignored
-- (false). Recording an event twice changes nothing more.
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
  recipient_id uuid;
begin
  if outcome is null then
    return false;
  end if;

  update public.newsletter_subscribers subscriber
     set status = outcome
   where pg_catalog.lower(subscriber.email) = address
     and subscriber.status <> 'complained'
     and subscriber.status <> outcome;

  select recipient.id into recipient_id
    from public.newsletter_recipients recipient
   where record_newsletter_event.provider_id is not null
     and recipient.provider_id = record_newsletter_event.provider_id;
  if recipient_id is null then
    select recipient.id into recipient_id
      from public.newsletter_recipients recipient
     where pg_catalog.lower(recipient.email) = address and recipient.sent_at is not null
     order by recipient.sent_at desc
     limit 1;
  end if;
  update public.newsletter_recipients recipient
     set delivery = outcome, event_at = coalesce(record_newsletter_event.occurred_at, pg_catalog.now())
   where recipient.id = recipient_id
     and recipient.delivery <> 'complained'
     and recipient.delivery <> outcome;
  return true;
end;
$$;

-- --------------------------------------------------------------------------------------------
-- Grants.
-- --------------------------------------------------------------------------------------------

revoke all on function private.require_any_permission(public.staff_permission[]) from public, anon, authenticated;
revoke all on function private.newsletter_audience_of(uuid, text) from public, anon, authenticated;
revoke all on function private.finish_newsletter_send(uuid) from public, anon, authenticated;
grant execute on function private.require_any_permission(public.staff_permission[]) to service_role;
grant execute on function private.newsletter_audience_of(uuid, text) to service_role;
grant execute on function private.finish_newsletter_send(uuid) to service_role;

revoke all on function public.newsletter_audience(uuid) from public, anon;
revoke all on function public.schedule_newsletter_send(uuid, text, text, boolean) from public, anon;
revoke all on function public.cancel_newsletter_send(uuid) from public, anon;
revoke all on function public.newsletter_send_results(uuid) from public, anon;
revoke all on function public.claim_newsletter_test_email() from public, anon;
grant execute on function public.newsletter_audience(uuid) to authenticated;
grant execute on function public.schedule_newsletter_send(uuid, text, text, boolean) to authenticated;
grant execute on function public.cancel_newsletter_send(uuid) to authenticated;
grant execute on function public.newsletter_send_results(uuid) to authenticated;
grant execute on function public.claim_newsletter_test_email() to authenticated;

revoke all on function public.due_newsletter_sends() from public, anon, authenticated;
revoke all on function public.start_newsletter_send(uuid, text, text, text) from public, anon, authenticated;
revoke all on function public.claim_newsletter_batch(integer) from public, anon, authenticated;
revoke all on function public.record_newsletter_batch(uuid, jsonb) from public, anon, authenticated;
revoke all on function public.release_newsletter_batch(uuid, text, integer, boolean) from public, anon, authenticated;
revoke all on function public.record_newsletter_event(text, text, text, timestamptz) from public, anon, authenticated;
grant execute on function public.due_newsletter_sends() to service_role;
grant execute on function public.start_newsletter_send(uuid, text, text, text) to service_role;
grant execute on function public.claim_newsletter_batch(integer) to service_role;
grant execute on function public.record_newsletter_batch(uuid, jsonb) to service_role;
grant execute on function public.release_newsletter_batch(uuid, text, integer, boolean) to service_role;
grant execute on function public.record_newsletter_event(text, text, text, timestamptz) to service_role;
