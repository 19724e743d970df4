import { Play } from "lucide-react";
import { useState } from "react";
import { useI18n } from "@/i18n/index";
import { toYouTubeEmbedUrl } from "@/lib/youtube";

/**
 * A YouTube video that loads nothing from YouTube until the visitor asks for it, then plays
 * through the privacy-enhanced embed. Other video addresses are not embedded.
 */
export function VideoEmbed({ url, title }: { url: string; title: string }) {
  const { t } = useI18n();
  const [playing, setPlaying] = useState(false);
  const embedUrl = toYouTubeEmbedUrl(url);
  if (!embedUrl) return null;

  return (
    <figure className="space-y-2">
      <div className="relative aspect-video overflow-hidden rounded-lg bg-ink">
        {playing ? (
          <iframe
            src={`${embedUrl}?autoplay=1`}
            title={title}
            className="absolute inset-0 size-full"
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <button
            type="button"
            onClick={() => setPlaying(true)}
            className="group absolute inset-0 flex flex-col items-center justify-center gap-4 bg-linear-to-br from-ink to-primary/70 text-white"
          >
            <span className="flex size-16 items-center justify-center rounded-full bg-white/95 text-primary shadow-lg transition-transform group-hover:scale-110">
              <Play className="ml-1 size-7 fill-current" aria-hidden />
            </span>
            <span className="max-w-md px-6 text-center text-sm font-semibold">
              {t.blog.playVideo(title)}
            </span>
          </button>
        )}
      </div>
      <figcaption className="text-xs text-muted-foreground">{t.blog.videoNotice}</figcaption>
    </figure>
  );
}
