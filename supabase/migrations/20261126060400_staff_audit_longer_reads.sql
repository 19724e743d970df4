-- The Team section's audit log reads its newest entries and a page more at each "Load more":
-- up to 1,000 entries in one read (200 before).

create or replace function public.staff_audit(page_size integer default 50, before_id bigint default null)
returns setof public.staff_audit_log
language sql
stable
security invoker
set search_path = ''
as $$
  select *
    from public.staff_audit_log entry
   where before_id is null or entry.id < before_id
   order by entry.id desc
   limit least(greatest(coalesce(page_size, 50), 1), 1000);
$$;
