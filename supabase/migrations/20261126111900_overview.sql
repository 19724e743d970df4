-- The staff Overview (docs/ARCHITECTURE.md, decision 20): the figures its charts show, computed
-- here, for the staff whose role lets them read what the figures are made of.
--
-- 1. leads.first_reply_at: when staff first moved the lead away from New (to Contacted, or
--    straight to Qualified), the earliest such change in its status history. Kept by triggers on
--    lead_status_changes, so it follows the history, a corrected changed_at included.
-- 2. newsletter_subscribers.suppressed_at: when the address was bounced or complained about.
-- 3. Six functions, each refusing (42501) anyone whose role does not grant the figures'
--    permission before it reads anything: leads per week, the funnel, the time to first reply,
--    the leads waiting too long (read_leads); the newsletter per week (manage_subscribers); the
--    posts published per month (manage_posts).
--
-- Weeks start on Monday at 00:00 in the agency's time zone, which the client passes (shared/agency-hours.ts,
-- agencyHours), with its opening hours. Repeat submissions (repeat_of) are no leads here.
--
-- The reply clock counts business hours only: Monday to Friday, from `opens` to `closes` local
-- time. It is a calendar of the agency's opening and closing instants over the period, built
-- once per query (each day's local times turned into instants, so a change to or from summer
-- time is where it falls), with the business seconds elapsed at each one; a lead's instant is
-- placed in it with one width_bucket, and its reading is the business seconds elapsed by then.
-- Per lead that is a handful of operations on numbers: on PGlite, a fifth of the time of the
-- week-and-day arithmetic written out for each lead (15 ms against 73 ms over 12,000 leads), and
-- no per-row function call (one with `set search_path` doubles a query's time).

-- --------------------------------------------------------------------------------------------
-- 1. The first reply of a lead.
-- --------------------------------------------------------------------------------------------

alter table public.leads add column first_reply_at timestamptz;

comment on column public.leads.first_reply_at is
  'The first change of the lead''s status away from new (lead_status_changes), kept by triggers: when the agency first replied.';

create or replace function private.keep_lead_first_reply()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  affected uuid[];
begin
  if tg_op = 'INSERT' then
    affected := array[new.lead_id];
  elsif tg_op = 'DELETE' then
    affected := array[old.lead_id];
  else
    affected := array[old.lead_id, new.lead_id];
  end if;
  -- Only first_reply_at changes: the submitted fields' guard lets it through, and the status
  -- stays as it is, so no status change is recorded.
  update public.leads lead
     set first_reply_at = first_reply.changed_at
    from (
      select chosen.id,
             (select pg_catalog.min(change.changed_at)
                from public.lead_status_changes change
               where change.lead_id = chosen.id and change.from_status = 'new') as changed_at
        from pg_catalog.unnest(affected) as chosen (id)
    ) first_reply
   where lead.id = first_reply.id
     and lead.first_reply_at is distinct from first_reply.changed_at;
  return null;
end;
$$;

revoke all on function private.keep_lead_first_reply() from public, anon, authenticated;

create trigger lead_status_changes_keep_first_reply
  after insert or delete or update of lead_id, from_status, changed_at on public.lead_status_changes
  for each row execute function private.keep_lead_first_reply();

update public.leads lead
   set first_reply_at = first_reply.changed_at
  from (
    select change.lead_id, pg_catalog.min(change.changed_at) as changed_at
      from public.lead_status_changes change
     where change.from_status = 'new'
     group by change.lead_id
  ) first_reply
 where lead.id = first_reply.lead_id;

-- The Overview's reads: the leads that arrived in a period, repeats left out, with what the
-- figures read of them (an index-only scan where the table is vacuumed).
create index leads_arrivals_idx on public.leads (created_at)
  include (id, first_reply_at, status, source, language) where repeat_of is null;

-- --------------------------------------------------------------------------------------------
-- 2. When an address was suppressed.
-- --------------------------------------------------------------------------------------------

alter table public.newsletter_subscribers add column suppressed_at timestamptz;

comment on column public.newsletter_subscribers.suppressed_at is
  'When the address was first bounced or complained about; null while it is not suppressed. Set by a trigger.';

-- Set when the status becomes bounced or complained (a complaint after a bounce keeps the
-- bounce's time), cleared when it is neither; a time written with the status is kept.
create or replace function private.stamp_newsletter_suppression()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status in ('bounced', 'complained') then
    new.suppressed_at := coalesce(new.suppressed_at, pg_catalog.now());
  else
    new.suppressed_at := null;
  end if;
  return new;
end;
$$;

revoke all on function private.stamp_newsletter_suppression() from public, anon, authenticated;

create trigger newsletter_subscribers_stamp_suppression
  before insert or update on public.newsletter_subscribers
  for each row execute function private.stamp_newsletter_suppression();

-- The event the provider reported, else the latest time the address is known by.
update public.newsletter_subscribers subscriber
   set suppressed_at = coalesce(
         (select pg_catalog.min(recipient.event_at)
            from public.newsletter_recipients recipient
           where recipient.subscriber_id = subscriber.id
             and recipient.delivery in ('bounced', 'complained')),
         greatest(subscriber.created_at, subscriber.confirmation_sent_at, subscriber.confirmed_at)
       )
 where subscriber.status in ('bounced', 'complained');

create index newsletter_subscribers_confirmed_at_idx
  on public.newsletter_subscribers (confirmed_at) where confirmed_at is not null;
create index newsletter_subscribers_unsubscribed_at_idx
  on public.newsletter_subscribers (unsubscribed_at) where unsubscribed_at is not null;
create index newsletter_subscribers_suppressed_at_idx
  on public.newsletter_subscribers (suppressed_at) where suppressed_at is not null;

-- --------------------------------------------------------------------------------------------
-- 3. Helpers: the arguments' checks, the agency's weeks, the reply clock.
-- --------------------------------------------------------------------------------------------

-- 22023 for a missing or unknown time zone (PostgreSQL's own error for an unknown one).
create or replace function private.require_time_zone(time_zone text)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if time_zone is null then
    raise exception 'A time zone is required.' using errcode = '22023';
  end if;
  perform pg_catalog.timezone(time_zone, pg_catalog.now());
end;
$$;

-- 22023 unless [since, until) is a period of at most ten years.
create or replace function private.require_period(since timestamptz, until timestamptz)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if since is null or until is null or not pg_catalog.isfinite(since) or not pg_catalog.isfinite(until)
     or since >= until or until - since > interval '3653 days' then
    raise exception 'since must come before until, at most ten years before it.' using errcode = '22023';
  end if;
end;
$$;

-- 22023 unless the agency opens before it closes.
create or replace function private.require_opening_hours(opens time, closes time)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if opens is null or closes is null or opens >= closes then
    raise exception 'opens must come before closes.' using errcode = '22023';
  end if;
end;
$$;

-- The agency's weeks (Monday 00:00 to Monday 00:00 in `time_zone`) from the one holding
-- `first_day` to the one holding `last_day`, local days both.
create or replace function private.agency_weeks(time_zone text, first_day date, last_day date)
returns table (week_start date, starts_at timestamptz, ends_at timestamptz)
language sql
stable
set search_path = ''
as $$
  select monday,
         monday::timestamp at time zone agency_weeks.time_zone,
         (monday + 7)::timestamp at time zone agency_weeks.time_zone
    from (
      select pg_catalog.date_trunc('week', agency_weeks.first_day::timestamp)::date + 7 * week as monday
        from pg_catalog.generate_series(
               0,
               (pg_catalog.date_trunc('week', agency_weeks.last_day::timestamp)::date
                 - pg_catalog.date_trunc('week', agency_weeks.first_day::timestamp)::date) / 7
             ) as week
    ) weeks;
$$;

-- The agency's last `weeks` weeks, the current one included, as a calendar of their edges:
-- `instants`, each Monday's 00:00 (epoch seconds), for width_bucket; `mondays`, the weeks
-- those open; and the instants the first one starts and the last one ends.
create or replace function private.last_agency_weeks(time_zone text, weeks integer)
returns table (instants double precision[], mondays date[], first_start timestamptz, last_end timestamptz)
language plpgsql
stable
set search_path = ''
as $$
declare
  today date;
begin
  perform private.require_time_zone(last_agency_weeks.time_zone);
  if last_agency_weeks.weeks is null or last_agency_weeks.weeks not between 1 and 104 then
    raise exception 'weeks must be between 1 and 104.' using errcode = '22023';
  end if;
  today := (pg_catalog.now() at time zone last_agency_weeks.time_zone)::date;
  return query
    select pg_catalog.array_agg(pg_catalog.date_part('epoch', week.starts_at) order by week.starts_at),
           pg_catalog.array_agg(week.week_start order by week.starts_at),
           pg_catalog.min(week.starts_at),
           pg_catalog.max(week.ends_at)
      from private.agency_weeks(last_agency_weeks.time_zone, today - 7 * (last_agency_weeks.weeks - 1), today) week;
end;
$$;

-- The reply clock of the leads (repeats aside) that arrived in [since, until): for each one, its
-- arrival week and the business hours (Monday to Friday, opens to closes in `time_zone`) from
-- its arrival to its first reply, null while it has none; with `still_new`, only the leads still
-- New, and the business hours they have waited until now.
--
-- The calendar runs from the Monday of the week of `since` to the day after now (or `until`, if
-- later): a first reply dated after it counts as made at its end, and one dated before its
-- lead's arrival as made at once.
create or replace function private.lead_reply_clock(
  since timestamptz,
  until timestamptz,
  time_zone text,
  opens time,
  closes time,
  still_new boolean default false
)
returns table (id uuid, created_at timestamptz, arrival_week date, hours double precision)
language sql
stable
set search_path = ''
as $$
  -- The calendar's edges, as instants (epoch seconds): each Monday at 00:00 (a week starts), each
  -- weekday's opening (the clock runs from it: running = 1) and closing (it stops).
  with edges as (
    select pg_catalog.date_part('epoch', edge.local_time at time zone lead_reply_clock.time_zone) as instant,
           edge.running,
           local_day.day - (extract(isodow from local_day.day)::integer - 1) as week_start
      from (
        select pg_catalog.date_trunc(
                 'week', (lead_reply_clock.since at time zone lead_reply_clock.time_zone)::date::timestamp
               )::date as first_day,
               (greatest(lead_reply_clock.until, pg_catalog.now()) at time zone lead_reply_clock.time_zone)::date + 1
                 as last_day
      ) span
     cross join pg_catalog.generate_series(0, span.last_day - span.first_day) as day_number
     cross join lateral (select span.first_day + day_number as day) local_day
     cross join lateral (
       values (local_day.day::timestamp, 0, extract(isodow from local_day.day) = 1),
              (local_day.day + lead_reply_clock.opens, 1, extract(isodow from local_day.day) < 6),
              (local_day.day + lead_reply_clock.closes, 0, extract(isodow from local_day.day) < 6)
     ) as edge (local_time, running, kept)
     where edge.kept
  ),
  -- At each edge, the business seconds elapsed since the first one: the clock's reading at an
  -- instant from edge e to the next is bases[e] + runnings[e] * instant.
  calendar as (
    select pg_catalog.array_agg(clock.instant order by clock.instant, clock.running) as instants,
           pg_catalog.array_agg(clock.elapsed - clock.running * clock.instant order by clock.instant, clock.running)
             as bases,
           pg_catalog.array_agg(clock.running order by clock.instant, clock.running) as runnings,
           pg_catalog.array_agg(clock.week_start order by clock.instant, clock.running) as weeks
      from (
        select worked.*,
               coalesce(
                 pg_catalog.sum(worked.seconds)
                   over (order by worked.instant, worked.running rows between unbounded preceding and 1 preceding),
                 0
               ) as elapsed
          from (
            select edges.*,
                   edges.running
                     * (pg_catalog.lead(edges.instant) over (order by edges.instant, edges.running) - edges.instant)
                     as seconds
              from edges
          ) worked
      ) clock
  ),
  -- One branch or the other runs (the flag is a one-time filter), each on its own index.
  chosen as (
    select lead.id, lead.created_at, pg_catalog.now() as clock_stops_at
      from public.leads lead
     where lead_reply_clock.still_new
       and lead.status = 'new'
       and lead.repeat_of is null
       and lead.created_at >= lead_reply_clock.since
       and lead.created_at < lead_reply_clock.until
    union all
    select lead.id, lead.created_at, lead.first_reply_at
      from public.leads lead
     where not lead_reply_clock.still_new
       and lead.repeat_of is null
       and lead.created_at >= lead_reply_clock.since
       and lead.created_at < lead_reply_clock.until
  )
  select chosen.id,
         chosen.created_at,
         calendar.weeks[reading.arrived_edge],
         case when chosen.clock_stops_at is not null then
           greatest(
             calendar.bases[reading.stopped_edge] + calendar.runnings[reading.stopped_edge] * reading.stopped_at
               - calendar.bases[reading.arrived_edge] - calendar.runnings[reading.arrived_edge] * reading.arrived_at,
             0
           ) / 3600
         end
    from chosen
   cross join calendar
   -- Where the arrival and the first reply (or now) fall in the calendar, worked out once per
   -- lead: `offset 0` keeps the planner from copying these expressions into each use.
   cross join lateral (
     select pg_catalog.date_part('epoch', chosen.created_at) as arrived_at,
            pg_catalog.width_bucket(pg_catalog.date_part('epoch', chosen.created_at), calendar.instants) as arrived_edge,
            pg_catalog.date_part('epoch', chosen.clock_stops_at) as stopped_at,
            greatest(
              pg_catalog.width_bucket(pg_catalog.date_part('epoch', chosen.clock_stops_at), calendar.instants), 1
            ) as stopped_edge
     offset 0
   ) reading;
$$;

revoke all on function private.require_time_zone(text) from public, anon, authenticated;
revoke all on function private.require_period(timestamptz, timestamptz) from public, anon, authenticated;
revoke all on function private.require_opening_hours(time, time) from public, anon, authenticated;
revoke all on function private.agency_weeks(text, date, date) from public, anon, authenticated;
revoke all on function private.last_agency_weeks(text, integer) from public, anon, authenticated;
revoke all on function private.lead_reply_clock(timestamptz, timestamptz, text, time, time, boolean)
  from public, anon, authenticated;
grant execute on function private.require_time_zone(text) to service_role;
grant execute on function private.require_period(timestamptz, timestamptz) to service_role;
grant execute on function private.require_opening_hours(time, time) to service_role;
grant execute on function private.agency_weeks(text, date, date) to service_role;
grant execute on function private.last_agency_weeks(text, integer) to service_role;
grant execute on function private.lead_reply_clock(timestamptz, timestamptz, text, time, time, boolean)
  to service_role;

-- --------------------------------------------------------------------------------------------
-- 4. What the Overview calls.
-- --------------------------------------------------------------------------------------------

-- Leads per week, the current week and the `weeks` - 1 before it: every week, source and
-- language, zeros included.
create or replace function public.overview_leads_per_week(time_zone text, weeks integer default 12)
returns table (
  week_start date,
  source public.lead_source,
  language public.site_language,
  leads integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  perform private.require_any_permission(array['read_leads']::public.staff_permission[]);

  return query
    with edges as materialized (
      select * from private.last_agency_weeks(overview_leads_per_week.time_zone, overview_leads_per_week.weeks)
    ),
    counted as (
      select edges.mondays[pg_catalog.width_bucket(pg_catalog.date_part('epoch', lead.created_at), edges.instants)]
               as week_start,
             lead.source,
             lead.language,
             pg_catalog.count(*)::integer as leads
        from edges
        join public.leads lead
          on lead.repeat_of is null
         and lead.created_at >= edges.first_start
         and lead.created_at < edges.last_end
       group by 1, 2, 3
    )
    select week.week_start, each_source.source, each_language.language, coalesce(counted.leads, 0)
      from edges
     cross join pg_catalog.unnest(edges.mondays) as week (week_start)
     cross join pg_catalog.unnest(pg_catalog.enum_range(null::public.lead_source)) as each_source (source)
     cross join pg_catalog.unnest(pg_catalog.enum_range(null::public.site_language)) as each_language (language)
      left join counted
        on counted.week_start = week.week_start
       and counted.source = each_source.source::text
       and counted.language = each_language.language::text
     order by week.week_start, each_source.source, each_language.language;
end;
$$;

-- The funnel of the leads that arrived in [since, until): how many, how many of them are
-- contacted or qualified now, how many qualified.
create or replace function public.overview_lead_funnel(since timestamptz, until timestamptz)
returns table (received integer, contacted integer, qualified integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_any_permission(array['read_leads']::public.staff_permission[]);
  perform private.require_period(overview_lead_funnel.since, overview_lead_funnel.until);

  return query
    select pg_catalog.count(*)::integer,
           (pg_catalog.count(*) filter (where lead.status in ('contacted', 'qualified')))::integer,
           (pg_catalog.count(*) filter (where lead.status = 'qualified'))::integer
      from public.leads lead
     where lead.repeat_of is null
       and lead.created_at >= overview_lead_funnel.since
       and lead.created_at < overview_lead_funnel.until;
end;
$$;

-- The time to first reply of the leads that arrived in [since, until), in business hours: per
-- arrival week (every week the period touches, empty ones included), then the whole period
-- (week_start null). Median and 90th percentile interpolate (percentile_cont) over the replied
-- leads; within_promise counts those replied within `promise_hours`.
create or replace function public.overview_reply_times(
  since timestamptz,
  until timestamptz,
  time_zone text,
  opens time,
  closes time,
  promise_hours double precision default 24
)
returns table (
  week_start date,
  leads integer,
  replied integer,
  median_hours double precision,
  p90_hours double precision,
  mean_hours double precision,
  within_promise integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  perform private.require_any_permission(array['read_leads']::public.staff_permission[]);
  perform private.require_period(overview_reply_times.since, overview_reply_times.until);
  perform private.require_time_zone(overview_reply_times.time_zone);
  perform private.require_opening_hours(overview_reply_times.opens, overview_reply_times.closes);
  if overview_reply_times.promise_hours is null or overview_reply_times.promise_hours < 0
     or overview_reply_times.promise_hours = 'Infinity' or overview_reply_times.promise_hours = 'NaN' then
    raise exception 'promise_hours must be a number of hours, 0 or more.' using errcode = '22023';
  end if;

  return query
    with figures as (
      select clock.arrival_week,
             grouping(clock.arrival_week) = 1 as whole_period,
             pg_catalog.count(*)::integer as leads,
             pg_catalog.count(clock.hours)::integer as replied,
             pg_catalog.percentile_cont(0.5) within group (order by clock.hours) as median_hours,
             pg_catalog.percentile_cont(0.9) within group (order by clock.hours) as p90_hours,
             pg_catalog.avg(clock.hours) as mean_hours,
             (pg_catalog.count(*) filter (where clock.hours <= overview_reply_times.promise_hours))::integer
               as within_promise
        from private.lead_reply_clock(
               overview_reply_times.since, overview_reply_times.until, overview_reply_times.time_zone,
               overview_reply_times.opens, overview_reply_times.closes
             ) clock
       group by grouping sets ((clock.arrival_week), ())
    )
    select week.week_start, coalesce(figures.leads, 0), coalesce(figures.replied, 0),
           figures.median_hours, figures.p90_hours, figures.mean_hours, coalesce(figures.within_promise, 0)
      from private.agency_weeks(
             overview_reply_times.time_zone,
             (overview_reply_times.since at time zone overview_reply_times.time_zone)::date,
             ((overview_reply_times.until - interval '1 microsecond') at time zone overview_reply_times.time_zone)::date
           ) week
      left join figures on not figures.whole_period and figures.arrival_week = week.week_start
    union all
    select null, figures.leads, figures.replied, figures.median_hours, figures.p90_hours, figures.mean_hours,
           figures.within_promise
      from figures
     where figures.whole_period
     order by 1 nulls last;
end;
$$;

-- The leads still New (repeats aside) that have waited more than `threshold_hours` business
-- hours, oldest first, at most `max_rows` of them; `total` counts them all.
create or replace function public.overview_waiting_leads(
  time_zone text,
  opens time,
  closes time,
  threshold_hours double precision default 24,
  max_rows integer default 50
)
returns table (
  id uuid,
  created_at timestamptz,
  name text,
  company text,
  source public.lead_source,
  language public.site_language,
  waiting_hours double precision,
  total integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  perform private.require_any_permission(array['read_leads']::public.staff_permission[]);
  perform private.require_time_zone(overview_waiting_leads.time_zone);
  perform private.require_opening_hours(overview_waiting_leads.opens, overview_waiting_leads.closes);
  if overview_waiting_leads.threshold_hours is null or overview_waiting_leads.threshold_hours < 0
     or overview_waiting_leads.threshold_hours = 'Infinity' or overview_waiting_leads.threshold_hours = 'NaN' then
    raise exception 'threshold_hours must be a number of hours, 0 or more.' using errcode = '22023';
  end if;
  if overview_waiting_leads.max_rows is null or overview_waiting_leads.max_rows not between 1 and 1000 then
    raise exception 'max_rows must be between 1 and 1000.' using errcode = '22023';
  end if;

  return query
    with waiting as materialized (
      select clock.id, clock.created_at, clock.hours
        from private.lead_reply_clock(
               coalesce(
                 (select pg_catalog.min(lead.created_at)
                    from public.leads lead
                   where lead.status = 'new' and lead.repeat_of is null),
                 pg_catalog.now()
               ),
               pg_catalog.now(),
               overview_waiting_leads.time_zone,
               overview_waiting_leads.opens,
               overview_waiting_leads.closes,
               still_new => true
             ) clock
       where clock.hours > overview_waiting_leads.threshold_hours
    )
    select lead.id, lead.created_at, lead.name, lead.company, lead.source::public.lead_source,
           lead.language::public.site_language, waiting.hours, (select pg_catalog.count(*)::integer from waiting)
      from waiting
      join public.leads lead on lead.id = waiting.id
     order by waiting.created_at, waiting.id
     limit overview_waiting_leads.max_rows;
end;
$$;

-- The newsletter per week, the current week and the `weeks` - 1 before it: sign-ups,
-- confirmations, unsubscribes, bounces and complaints in the week, and how many subscribers
-- were confirmed at its end (confirmed by then, neither unsubscribed nor suppressed since; a
-- subscriber who is not confirmed now without a date for it stopped counting when confirmed).
create or replace function public.overview_newsletter_per_week(time_zone text, weeks integer default 12)
returns table (
  week_start date,
  signups integer,
  confirmations integer,
  unsubscribes integer,
  bounces integer,
  complaints integer,
  confirmed_total integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  perform private.require_any_permission(array['manage_subscribers']::public.staff_permission[]);

  return query
    with edges as materialized (
      select * from private.last_agency_weeks(overview_newsletter_per_week.time_zone, overview_newsletter_per_week.weeks)
    ),
    -- A subscriber stops counting when unsubscribed or suppressed; one not confirmed now with no
    -- date for it (signed up again since), at the confirmation itself.
    stopped as (
      select greatest(
               subscriber.confirmed_at,
               coalesce(least(subscriber.unsubscribed_at, subscriber.suppressed_at), subscriber.confirmed_at)
             ) as stopped_at
        from public.newsletter_subscribers subscriber
       where subscriber.confirmed_at is not null and subscriber.status <> 'confirmed'
    ),
    counting_before as (
      select (select pg_catalog.count(*)
                from public.newsletter_subscribers subscriber, edges
               where subscriber.confirmed_at < edges.first_start)::integer
             - (select pg_catalog.count(*) from stopped, edges where stopped.stopped_at < edges.first_start)::integer
               as subscribers
    ),
    events as (
      select subscriber.created_at as happened_at, 'signup' as kind
        from public.newsletter_subscribers subscriber, edges
       where subscriber.created_at >= edges.first_start and subscriber.created_at < edges.last_end
      union all
      select subscriber.confirmed_at, 'confirmation'
        from public.newsletter_subscribers subscriber, edges
       where subscriber.confirmed_at >= edges.first_start and subscriber.confirmed_at < edges.last_end
      union all
      select subscriber.unsubscribed_at, 'unsubscribe'
        from public.newsletter_subscribers subscriber, edges
       where subscriber.unsubscribed_at >= edges.first_start and subscriber.unsubscribed_at < edges.last_end
      union all
      select subscriber.suppressed_at, subscriber.status
        from public.newsletter_subscribers subscriber, edges
       where subscriber.suppressed_at >= edges.first_start and subscriber.suppressed_at < edges.last_end
      union all
      select stopped.stopped_at, 'stopped'
        from stopped, edges
       where stopped.stopped_at >= edges.first_start and stopped.stopped_at < edges.last_end
    ),
    weekly as (
      select edges.mondays[pg_catalog.width_bucket(pg_catalog.date_part('epoch', events.happened_at), edges.instants)]
               as week_start,
             (pg_catalog.count(*) filter (where events.kind = 'signup'))::integer as signups,
             (pg_catalog.count(*) filter (where events.kind = 'confirmation'))::integer as confirmations,
             (pg_catalog.count(*) filter (where events.kind = 'unsubscribe'))::integer as unsubscribes,
             (pg_catalog.count(*) filter (where events.kind = 'bounced'))::integer as bounces,
             (pg_catalog.count(*) filter (where events.kind = 'complained'))::integer as complaints,
             (pg_catalog.count(*) filter (where events.kind = 'confirmation'))::integer
               - (pg_catalog.count(*) filter (where events.kind = 'stopped'))::integer as net
        from events, edges
       group by 1
    )
    select week.week_start,
           coalesce(weekly.signups, 0),
           coalesce(weekly.confirmations, 0),
           coalesce(weekly.unsubscribes, 0),
           coalesce(weekly.bounces, 0),
           coalesce(weekly.complaints, 0),
           (counting_before.subscribers
             + pg_catalog.sum(coalesce(weekly.net, 0)) over (order by week.week_start))::integer
      from edges
     cross join pg_catalog.unnest(edges.mondays) as week (week_start)
     cross join counting_before
      left join weekly on weekly.week_start = week.week_start
     order by week.week_start;
end;
$$;

-- Posts published per month and language, the current month and the `months` - 1 before it
-- (months of `time_zone`): every month and language, zeros included; a post scheduled later
-- in the current month is not counted yet.
create or replace function public.overview_posts_per_month(time_zone text, months integer default 12)
returns table (month_start date, language public.site_language, published integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  this_month date;
begin
  perform private.require_any_permission(array['manage_posts']::public.staff_permission[]);
  perform private.require_time_zone(overview_posts_per_month.time_zone);
  if overview_posts_per_month.months is null or overview_posts_per_month.months not between 1 and 36 then
    raise exception 'months must be between 1 and 36.' using errcode = '22023';
  end if;
  this_month := pg_catalog.date_trunc('month', pg_catalog.now() at time zone overview_posts_per_month.time_zone)::date;

  return query
    with month as materialized (
      select (this_month - pg_catalog.make_interval(months => back))::date as month_start
        from pg_catalog.generate_series(0, overview_posts_per_month.months - 1) as back
    ),
    counted as (
      select pg_catalog.date_trunc('month', post.published_at at time zone overview_posts_per_month.time_zone)::date
               as month_start,
             post.language,
             pg_catalog.count(*)::integer as published
        from public.blog_posts post
       where post.status = 'published'
         and post.published_at >= (select pg_catalog.min(month.month_start) from month)::timestamp
               at time zone overview_posts_per_month.time_zone
         and post.published_at <= pg_catalog.now()
       group by 1, 2
    )
    select month.month_start, each_language.language, coalesce(counted.published, 0)
      from month
     cross join pg_catalog.unnest(pg_catalog.enum_range(null::public.site_language)) as each_language (language)
      left join counted
        on counted.month_start = month.month_start and counted.language = each_language.language::text
     order by month.month_start, each_language.language;
end;
$$;

revoke all on function public.overview_leads_per_week(text, integer) from public, anon;
revoke all on function public.overview_lead_funnel(timestamptz, timestamptz) from public, anon;
revoke all on function public.overview_reply_times(timestamptz, timestamptz, text, time, time, double precision)
  from public, anon;
revoke all on function public.overview_waiting_leads(text, time, time, double precision, integer) from public, anon;
revoke all on function public.overview_newsletter_per_week(text, integer) from public, anon;
revoke all on function public.overview_posts_per_month(text, integer) from public, anon;
grant execute on function public.overview_leads_per_week(text, integer) to authenticated, service_role;
grant execute on function public.overview_lead_funnel(timestamptz, timestamptz) to authenticated, service_role;
grant execute on function public.overview_reply_times(timestamptz, timestamptz, text, time, time, double precision)
  to authenticated, service_role;
grant execute on function public.overview_waiting_leads(text, time, time, double precision, integer)
  to authenticated, service_role;
grant execute on function public.overview_newsletter_per_week(text, integer) to authenticated, service_role;
grant execute on function public.overview_posts_per_month(text, integer) to authenticated, service_role;
