-- The categories that have visible posts, per language: what the public blog filter offers.
-- security_invoker makes the caller's row security apply, so nobody learns of a category
-- through a post they may not read.
create view public.blog_categories with (security_invoker = true) as
  select distinct language, category
    from public.blog_posts
   where status = 'published'
     and published_at <= now()
     and category is not null
     and category <> '';

comment on view public.blog_categories is 'Categories with published, due posts, per language.';

revoke all on public.blog_categories from public, anon, authenticated;
-- Visitors and staff read it; it is derived from what they can already read.
grant select on public.blog_categories to anon, authenticated;
grant select on public.blog_categories to service_role;
