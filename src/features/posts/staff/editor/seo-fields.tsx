import { useFormContext, useWatch } from "react-hook-form";
import { Field, FieldControl } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/cn";
import { seoHints, type PostFormValues } from "../lib/post-form";

function CharacterCount({ id, count, hint }: { id: string; count: number; hint: number }) {
  const over = count > hint;
  return (
    <span
      id={id}
      className={cn(
        "text-xs tabular-nums",
        over ? "font-semibold text-amber-700" : "text-muted-foreground",
      )}
    >
      {count}/{hint}
      <span className="sr-only"> characters{over ? ", longer than recommended" : ""}</span>
    </span>
  );
}

/** Meta title and description (with live counts against the usual hints), tags, keywords. */
export function SeoFields() {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<PostFormValues>();
  const [metaTitle, metaDescription] = useWatch({
    control,
    name: ["metaTitle", "metaDescription"],
  });

  return (
    <div className="space-y-6">
      <Field
        id="post-meta-title"
        label="Meta title"
        description={`Search results show about ${seoHints.metaTitle} characters; the post title is used when empty.`}
        error={errors.metaTitle?.message}
        aside={
          <CharacterCount
            id="post-meta-title-count"
            count={metaTitle.length}
            hint={seoHints.metaTitle}
          />
        }
      >
        <FieldControl>
          <Input {...register("metaTitle")} />
        </FieldControl>
      </Field>
      <Field
        id="post-meta-description"
        label="Meta description"
        description={`Search results show about ${seoHints.metaDescription} characters; the excerpt is used when empty.`}
        error={errors.metaDescription?.message}
        aside={
          <CharacterCount
            id="post-meta-description-count"
            count={metaDescription.length}
            hint={seoHints.metaDescription}
          />
        }
      >
        <FieldControl>
          <Textarea rows={3} {...register("metaDescription")} />
        </FieldControl>
      </Field>
      <Field
        id="post-tags"
        label="Tags"
        description="Comma-separated, for example: ASO, retention, iOS"
        error={errors.tags?.message}
      >
        <FieldControl>
          <Input {...register("tags")} />
        </FieldControl>
      </Field>
      <Field
        id="post-keywords"
        label="Keywords"
        description="Comma-separated search terms this post should rank for."
        error={errors.keywords?.message}
      >
        <FieldControl>
          <Input {...register("keywords")} />
        </FieldControl>
      </Field>
    </div>
  );
}
