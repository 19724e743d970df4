-- The team's roles beside Administrator ('admin'): Sales and Editor. Their permissions are
-- granted in the next migration (a new enum value can only be used once this one has
-- committed).

alter type public.staff_role add value if not exists 'sales';
alter type public.staff_role add value if not exists 'editor';
