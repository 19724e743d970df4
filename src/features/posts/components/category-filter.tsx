import { Link } from "react-router";
import { categoryParam, type PostCategory } from "@/config/blog";
import { useI18n } from "@/i18n/index";
import { cn } from "@/lib/cn";
import { slugify } from "@/lib/slugify";

interface CategoryFilterProps {
  categories: PostCategory[];
  selected: PostCategory | null;
}

const chip =
  "inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium transition-colors hover:border-primary hover:text-primary";

/** Links rather than buttons: a filtered list has its own shareable address. */
export function CategoryFilter({ categories, selected }: CategoryFilterProps) {
  const { t } = useI18n();
  const items: { key: string; label: string; search: string; active: boolean }[] = [
    { key: "all", label: t.blog.all, search: "", active: selected === null },
    ...categories.map((category) => ({
      key: category,
      label: t.categories[category],
      search: `?${categoryParam}=${slugify(category)}`,
      active: selected === category,
    })),
  ];
  return (
    <nav aria-label={t.blog.filterLabel}>
      <ul className="flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item.key}>
            <Link
              to={{ search: item.search }}
              aria-current={item.active ? "page" : undefined}
              preventScrollReset
              className={cn(
                chip,
                item.active
                  ? "border-primary bg-primary text-primary-foreground hover:text-primary-foreground"
                  : "border-border bg-background text-foreground",
              )}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
