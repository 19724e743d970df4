-- The lead inbox (docs/ARCHITECTURE.md, decision 5): what a visitor sent is kept as sent, every
-- status change is on record with who made it and when, and staff keep internal notes.
--
-- 1. The submitted fields of a lead are frozen for everyone, the service role included: a
--    trigger refuses any update that changes them. Column grants already kept staff to the
--    status; this also covers the dashboard and server code. Deleting a lead (erasure on
--    request) stays the service role's, and takes its notes and history with it.
-- 2. public.lead_status_changes is written only by a trigger on leads, so it cannot be forged
--    or edited: staff read it, nobody writes it.
-- 3. public.lead_notes: staff add notes and read them all; a note's author and date are set by
--    the database from the request, and notes are never edited (a correction is another note).
--    Neither table is reachable by visitors or signed-in users who are not staff.
-- Names are copied from the staff profile when the row is written, so the record still says
-- who it was after that person's account is gone.

-- --------------------------------------------------------------------------------------------
-- 1. What the visitor sent cannot be rewritten.
-- --------------------------------------------------------------------------------------------

create or replace function private.keep_submitted_lead_fields()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (new.name, new.email, new.phone, new.company, new.website, new.budget, new.message,
      new.source, new.language, new.created_at)
     is distinct from
     (old.name, old.email, old.phone, old.company, old.website, old.budget, old.message,
      old.source, old.language, old.created_at) then
    raise exception 'What a visitor sent with a lead cannot be changed.'
      using errcode = '42501',
            hint = 'Only the status of a lead changes; add a note to record anything else.';
  end if;
  return new;
end;
$$;

revoke all on function private.keep_submitted_lead_fields() from public, anon, authenticated;

create trigger leads_keep_submitted_fields
  before update on public.leads
  for each row execute function private.keep_submitted_lead_fields();

-- --------------------------------------------------------------------------------------------
-- Who did it: the display name of the staff member behind the request, if any.
-- --------------------------------------------------------------------------------------------

create or replace function private.requesting_staff_name()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select display_name from public.staff_profiles where user_id = (select auth.uid());
$$;

revoke all on function private.requesting_staff_name() from public, anon, authenticated;

-- --------------------------------------------------------------------------------------------
-- 2. Status history.
-- --------------------------------------------------------------------------------------------

create table public.lead_status_changes (
  id bigint generated always as identity primary key,
  lead_id uuid not null references public.leads (id) on delete cascade,
  from_status public.lead_status not null,
  to_status public.lead_status not null,
  -- Null when the change came from the server (service role) or the account is gone.
  changed_by uuid references auth.users (id) on delete set null,
  changed_by_name text,
  changed_at timestamptz not null default now(),

  constraint lead_status_changes_changed_check check (from_status <> to_status)
);

comment on table public.lead_status_changes is
  'Every change of a lead''s status, written by a trigger on leads. Staff read; nobody writes.';

create index lead_status_changes_lead_id_idx on public.lead_status_changes (lead_id, changed_at);
create index lead_status_changes_changed_by_idx on public.lead_status_changes (changed_by);

create or replace function private.record_lead_status_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.lead_status_changes (lead_id, from_status, to_status, changed_by, changed_by_name)
  values (
    new.id,
    old.status::public.lead_status,
    new.status::public.lead_status,
    (select auth.uid()),
    private.requesting_staff_name()
  );
  return null;
end;
$$;

revoke all on function private.record_lead_status_change() from public, anon, authenticated;

create trigger leads_record_status_change
  after update of status on public.leads
  for each row
  when (old.status is distinct from new.status)
  execute function private.record_lead_status_change();

alter table public.lead_status_changes enable row level security;

revoke all on table public.lead_status_changes from public, anon, authenticated;
grant select on table public.lead_status_changes to authenticated;
grant all on table public.lead_status_changes to service_role;

create policy "lead_status_changes: staff read the history"
  on public.lead_status_changes for select to authenticated
  using ((select public.is_admin()));

-- --------------------------------------------------------------------------------------------
-- 3. Internal notes.
-- --------------------------------------------------------------------------------------------

create table public.lead_notes (
  id uuid primary key default gen_random_uuid(),
  lead_id uuid not null references public.leads (id) on delete cascade,
  body text not null,
  author_id uuid references auth.users (id) on delete set null,
  author_name text,
  created_at timestamptz not null default now(),

  -- Multi-line text as a lead's message: tab, line feed and carriage return, no other controls.
  constraint lead_notes_body_check check (
    btrim(body) <> ''
    and char_length(body) <= 5000
    and body !~ '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f]'
  )
);

comment on table public.lead_notes is
  'Staff notes on a lead. Staff read all and add their own; notes are never edited.';

create index lead_notes_lead_id_idx on public.lead_notes (lead_id, created_at);
create index lead_notes_author_id_idx on public.lead_notes (author_id);

-- The author and the date are the request's, whatever the client sent.
create or replace function private.stamp_lead_note()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.author_id := (select auth.uid());
  new.author_name := private.requesting_staff_name();
  new.created_at := pg_catalog.now();
  return new;
end;
$$;

revoke all on function private.stamp_lead_note() from public, anon, authenticated;

create trigger lead_notes_stamp
  before insert on public.lead_notes
  for each row execute function private.stamp_lead_note();

alter table public.lead_notes enable row level security;

revoke all on table public.lead_notes from public, anon, authenticated;
grant select on table public.lead_notes to authenticated;
grant insert (lead_id, body) on table public.lead_notes to authenticated;
grant all on table public.lead_notes to service_role;

create policy "lead_notes: staff read notes"
  on public.lead_notes for select to authenticated
  using ((select public.is_admin()));

create policy "lead_notes: staff add notes"
  on public.lead_notes for insert to authenticated
  with check ((select public.is_admin()));

-- --------------------------------------------------------------------------------------------
-- The inbox's sorts, filters and search over tens of thousands of leads.
-- --------------------------------------------------------------------------------------------

create index leads_status_created_at_idx on public.leads (status, created_at desc);

-- The inbox's search: one lower-cased text per lead of what staff look a lead up by, matched with
-- one LIKE instead of an ILIKE per column (a sixth of the time over 10,000 leads). Generated, so
-- it always says what the columns say, and nobody writes it.
alter table public.leads
  add column search_text text generated always as (
    lower(name || ' ' || email || ' ' || coalesce(company, '') || ' ' || coalesce(website, ''))
  ) stored;

comment on column public.leads.search_text is
  'Name, e-mail, company and app link, lower-cased: what the staff inbox searches.';
