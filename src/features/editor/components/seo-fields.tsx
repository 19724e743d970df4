import { useFormContext, useWatch } from "react-hook-form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/cn";
import { seoHints, type PostFormValues } from "../lib/post-form";
import { describedBy, Field } from "./field";

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
        hint={`Search results show about ${seoHints.metaTitle} characters; the post title is used when empty.`}
        error={errors.metaTitle?.message}
        aside={
          <CharacterCount
            id="post-meta-title-count"
            count={metaTitle.length}
            hint={seoHints.metaTitle}
          />
        }
      >
        <Input
          id="post-meta-title"
          {...describedBy("post-meta-title", { hint: true, error: errors.metaTitle?.message })}
          {...register("metaTitle")}
        />
      </Field>
      <Field
        id="post-meta-description"
        label="Meta description"
        hint={`Search results show about ${seoHints.metaDescription} characters; the excerpt is used when empty.`}
        error={errors.metaDescription?.message}
        aside={
          <CharacterCount
            id="post-meta-description-count"
            count={metaDescription.length}
            hint={seoHints.metaDescription}
          />
        }
      >
        <Textarea
          id="post-meta-description"
          rows={3}
          {...describedBy("post-meta-description", {
            hint: true,
            error: errors.metaDescription?.message,
          })}
          {...register("metaDescription")}
        />
      </Field>
      <Field
        id="post-tags"
        label="Tags"
        hint="Comma-separated, for example: ASO, retention, iOS"
        error={errors.tags?.message}
      >
        <Input
          id="post-tags"
          {...describedBy("post-tags", { hint: true, error: errors.tags?.message })}
          {...register("tags")}
        />
      </Field>
      <Field
        id="post-keywords"
        label="Keywords"
        hint="Comma-separated search terms this post should rank for."
        error={errors.keywords?.message}
      >
        <Input
          id="post-keywords"
          {...describedBy("post-keywords", { hint: true, error: errors.keywords?.message })}
          {...register("keywords")}
        />
      </Field>
    </div>
  );
}
