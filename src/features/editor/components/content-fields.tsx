import { useController, useFormContext, useWatch } from "react-hook-form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { pathFor } from "@/config/routes";
import { slugify } from "@/lib/slugify";
import type { PostFormValues } from "../lib/post-form";
import { describedBy, Field } from "./field";
import { RichTextEditor } from "./rich-text-editor";

/** Title, URL slug, excerpt and the rich-text body. */
export function ContentFields() {
  const {
    register,
    setValue,
    clearErrors,
    control,
    formState: { errors },
  } = useFormContext<PostFormValues>();
  const [slug, language] = useWatch({ control, name: ["slug", "language"] });
  const content = useController({ control, name: "content" });

  // Editing the title always regenerates the slug; a slug typed by hand stays until then.
  const title = register("title", {
    onChange: (event: { target: { value: string } }) => {
      setValue("slug", slugify(event.target.value), { shouldDirty: true });
      clearErrors(["title", "slug"]);
    },
  });
  const slugField = register("slug", {
    onChange: () => clearErrors("slug"),
    onBlur: (event: { target: { value: string } }) =>
      setValue("slug", slugify(event.target.value), { shouldDirty: true }),
  });
  const address = slug ? pathFor("blogPost", language, { slug: slugify(slug) || slug }) : null;

  return (
    <div className="space-y-6">
      <Field id="post-title" label="Title" error={errors.title?.message}>
        <Input
          id="post-title"
          placeholder="A clear, specific title"
          autoComplete="off"
          {...describedBy("post-title", { error: errors.title?.message })}
          {...title}
        />
      </Field>
      <Field
        id="post-slug"
        label="URL slug"
        hint={
          address ? (
            <>
              Address: <span className="font-mono">{address}</span>
            </>
          ) : (
            "Follows the title; edit it to choose your own."
          )
        }
        error={errors.slug?.message}
      >
        <Input
          id="post-slug"
          className="font-mono"
          autoComplete="off"
          spellCheck={false}
          {...describedBy("post-slug", { hint: true, error: errors.slug?.message })}
          {...slugField}
        />
      </Field>
      <Field id="post-excerpt" label="Excerpt" hint="One or two sentences shown on the blog list.">
        <Textarea
          id="post-excerpt"
          rows={3}
          {...describedBy("post-excerpt", { hint: true, error: errors.excerpt?.message })}
          {...register("excerpt")}
        />
      </Field>
      <div className="space-y-2">
        <span id="post-content-label" className="text-sm font-medium leading-none">
          Content
        </span>
        <RichTextEditor
          id="post-content-editor"
          labelledBy="post-content-label"
          describedBy={errors.content ? "post-content-error" : undefined}
          invalid={!!errors.content}
          initialHtml={content.field.value}
          onChange={content.field.onChange}
        />
        {errors.content?.message && (
          <p id="post-content-error" role="alert" className="text-sm font-medium text-destructive">
            {errors.content.message}
          </p>
        )}
      </div>
    </div>
  );
}
