-- Post images and videos load over http(s) or from the site itself, and nothing else.
--
-- The first checks only refused values starting with javascript:, data: or vbscript:, which
-- "java\tscript:" or a leading control character slip past (browsers drop those characters
-- when they read a URL). Allow-list instead. NOT VALID: rows stored earlier keep their value
-- (the site renders only allowed image addresses anyway); every new or changed row is checked.

alter table public.blog_posts drop constraint blog_posts_image_url_check;
alter table public.blog_posts
  add constraint blog_posts_image_url_check check (
    image_url is null or (
      char_length(image_url) <= 2000
      and image_url ~* '^(https?://|/[^/])'
      and image_url !~ '[[:cntrl:]]'
    )
  ) not valid;

alter table public.blog_posts drop constraint blog_posts_video_url_check;
alter table public.blog_posts
  add constraint blog_posts_video_url_check check (
    video_url is null or (
      char_length(video_url) <= 2000
      and video_url ~* '^https?://'
      and video_url !~ '[[:cntrl:]]'
    )
  ) not valid;
