import { PlayCircle, Star } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { isPostCategory } from "@/config/blog";
import { useI18n } from "@/i18n/index";

interface PostBadgesProps {
  category: string | null;
  featured: boolean;
  hasVideo?: boolean;
}

export function PostBadges({ category, featured, hasVideo = false }: PostBadgesProps) {
  const { t } = useI18n();
  return (
    <div className="flex flex-wrap items-center gap-2">
      {isPostCategory(category) && <Badge variant="secondary">{t.categories[category]}</Badge>}
      {featured && (
        <Badge>
          <Star className="size-3" aria-hidden />
          {t.blog.featured}
        </Badge>
      )}
      {hasVideo && (
        <Badge variant="outline">
          <PlayCircle className="size-3" aria-hidden />
          {t.blog.video}
        </Badge>
      )}
    </div>
  );
}
