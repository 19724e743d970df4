-- A post's main image carries its size, so the post page reserves the image's box before the
-- file arrives and nothing below it moves (issue 22: images uploaded in the editor).
--
-- The editor reads an uploaded image's natural width and height in the browser and stores them
-- with its address. An address typed by hand has no known size: both stay null, and the page
-- falls back to the 16:9 cover box. Half a size, a size of zero or less, or a size without an
-- image means nothing to a page, so the check refuses them.

alter table public.blog_posts
  add column image_width integer,
  add column image_height integer,
  -- Written so that no part is null when the row is wrong: a check passes on null.
  add constraint blog_posts_image_size_check check (
    (image_width is null) = (image_height is null)
    and (image_width is null or (image_width > 0 and image_height > 0 and image_url is not null))
  );

comment on column public.blog_posts.image_width is
  'The main image''s natural width in pixels; null with image_height when unknown.';
comment on column public.blog_posts.image_height is
  'The main image''s natural height in pixels; null with image_width when unknown.';

-- Staff write the size with the image, as they write the image's address.
grant insert (image_width, image_height) on table public.blog_posts to authenticated;
grant update (image_width, image_height) on table public.blog_posts to authenticated;
