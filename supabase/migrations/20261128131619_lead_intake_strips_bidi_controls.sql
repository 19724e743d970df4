-- A lead's text cannot reorder how it reads in the staff lists (issue 46): the bidi controls
-- (the Arabic letter mark, the left-to-right and right-to-left marks, embeddings, overrides and
-- isolates) are taken out of every field a visitor writes before the lead is stored. A lead
-- named "Eve\u202Egnp.exe" would otherwise show as "Eveexe.png". The lead is never refused for
-- them: what is left is stored. shared/lead-fields.ts (leadBidiControls) lists the same
-- characters for the notification function, which finds the stored lead by its name and e-mail;
-- supabase/tests/lead-fields.test.ts holds the two equal.

create or replace function private.strip_lead_bidi_controls()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  bidi_controls constant text := '[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]';
begin
  new.name := pg_catalog.regexp_replace(new.name, bidi_controls, '', 'g');
  new.email := pg_catalog.regexp_replace(new.email, bidi_controls, '', 'g');
  new.phone := pg_catalog.regexp_replace(new.phone, bidi_controls, '', 'g');
  new.company := pg_catalog.regexp_replace(new.company, bidi_controls, '', 'g');
  new.website := pg_catalog.regexp_replace(new.website, bidi_controls, '', 'g');
  new.budget := pg_catalog.regexp_replace(new.budget, bidi_controls, '', 'g');
  new.message := pg_catalog.regexp_replace(new.message, bidi_controls, '', 'g');
  return new;
end;
$$;

revoke all on function private.strip_lead_bidi_controls() from public, anon, authenticated;

-- Before leads_take_lead (triggers of one event run in name order), so a repeat is recognised
-- by the address as stored.
create trigger leads_strip_bidi_controls
  before insert on public.leads
  for each row execute function private.strip_lead_bidi_controls();
