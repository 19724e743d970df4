-- The Overview's functions do work in proportion to the period they are asked for, never more
-- (docs/ARCHITECTURE.md, decision 20). A staff member could ask for the time to first reply over
-- ten years a thousand years ago: the reply clock built its calendar from `since` to now, a
-- million days, seconds of database time per call (and on PGlite every other request waited).
--
-- 1. The periods they take (private.require_period, for the funnel and the reply times): since
--    before until, both finite; since no earlier than 2000-01-01; at most five years long. The
--    client's periods keep to it (shared/overview-limits.ts, src/lib/staff/overview-period.ts).
-- 2. The reply clock's calendar starts with the leads it reads: from the week of the first one's
--    arrival (not of `since`) to today. A period with no leads builds none.

-- 22023 unless [since, until) is a period the Overview shows:
-- - since before until, both finite;
-- - since no earlier than 1 January 2000, anywhere on Earth (its first instant is midnight at
--   UTC+14), so a range of agency days from that day passes in any time zone. The agency's
--   leads, subscribers and posts are all later (the site starts in 2026): an older period holds
--   nothing, and this keeps the calendar's arithmetic far from the ends of the date range;
-- - until at most five years after since (`longest`: the one place it is stated here), plus a
--   day so that five years of agency days pass whatever the time zone's offsets at either end.
create or replace function private.require_period(since timestamptz, until timestamptz)
returns void
language plpgsql
immutable
set search_path = ''
as $$
declare
  longest constant interval := interval '5 years';
begin
  if since is null or until is null or not pg_catalog.isfinite(since) or not pg_catalog.isfinite(until)
     or since >= until then
    raise exception 'since must come before until.' using errcode = '22023';
  end if;
  if since < timestamptz '2000-01-01 00:00:00+14' then
    raise exception 'since must be 2000-01-01 or later.' using errcode = '22023';
  end if;
  if until > ((since at time zone 'UTC') + longest + interval '1 day') at time zone 'UTC' then
    raise exception 'A period can be at most % long.', longest using errcode = '22023';
  end if;
end;
$$;

-- The reply clock of the leads (repeats aside) that arrived in [since, until): for each one, its
-- arrival week and the business hours (Monday to Friday, opens to closes in `time_zone`) from
-- its arrival to its first reply, null while it has none; with `still_new`, only the leads still
-- New, and the business hours they have waited until now.
--
-- The calendar starts with the leads read, not the period: from the Monday of the week of the
-- first arrival to today (a reply may come any day until now). A first reply dated after now
-- counts as made now; one dated before its lead's arrival, as made at once.
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
  -- One branch or the other runs (the flag is a one-time filter), each on its own index.
  with chosen as (
    select lead.id, lead.created_at, pg_catalog.now() as clock_stops_at
      from public.leads lead
     where lead_reply_clock.still_new
       and lead.status = 'new'
       and lead.repeat_of is null
       and lead.created_at >= lead_reply_clock.since
       and lead.created_at < lead_reply_clock.until
    union all
    select lead.id, lead.created_at,
           case when lead.first_reply_at > pg_catalog.now() then pg_catalog.now() else lead.first_reply_at end
      from public.leads lead
     where not lead_reply_clock.still_new
       and lead.repeat_of is null
       and lead.created_at >= lead_reply_clock.since
       and lead.created_at < lead_reply_clock.until
  ),
  -- The local days the calendar covers: from the week of the first lead read (one probe of the
  -- arrivals index, not a pass over the leads) to today, where every clock stops; none when the
  -- period holds no lead.
  span as (
    select pg_catalog.date_trunc(
             'week', (pg_catalog.min(lead.created_at) at time zone lead_reply_clock.time_zone)::date::timestamp
           )::date as first_day,
           (pg_catalog.now() at time zone lead_reply_clock.time_zone)::date as last_day
      from public.leads lead
     where lead.repeat_of is null
       and lead.created_at >= lead_reply_clock.since
       and lead.created_at < lead_reply_clock.until
       and (not lead_reply_clock.still_new or lead.status = 'new')
  ),
  -- The calendar's edges, as instants (epoch seconds): each Monday at 00:00 (a week starts), each
  -- weekday's opening (the clock runs from it: running = 1) and closing (it stops).
  edges as (
    select pg_catalog.date_part('epoch', edge.local_time at time zone lead_reply_clock.time_zone) as instant,
           edge.running,
           local_day.day - (extract(isodow from local_day.day)::integer - 1) as week_start
      from span
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

-- 3. No JIT compilation for the Overview's queries. PostgreSQL compiles a query whose estimated
--    cost passes jit_above_cost (hosted's Postgres has JIT on), and the estimates of these
--    queries, built on set-returning functions, pass it while they run in milliseconds: the
--    newsletter over 104 weeks took 0.5 to 1.5 s compiling for 2 to 5 ms of work, on a nearly
--    empty table. The setting holds for the queries planned inside each function.
alter function public.overview_leads_per_week(text, integer) set jit = off;
alter function public.overview_lead_funnel(timestamptz, timestamptz) set jit = off;
alter function public.overview_reply_times(timestamptz, timestamptz, text, time, time, double precision)
  set jit = off;
alter function public.overview_waiting_leads(text, time, time, double precision, integer) set jit = off;
alter function public.overview_newsletter_per_week(text, integer) set jit = off;
alter function public.overview_posts_per_month(text, integer) set jit = off;
