import { useController, useFormContext, useWatch } from "react-hook-form";
import { Field, FieldControl, useFieldControl } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { pathFor } from "@/config/routes";
import { slugify } from "@/lib/slugify";
import type { PostFormValues } from "../lib/post-form";
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
        <FieldControl>
          <Input placeholder="A clear, specific title" autoComplete="off" {...title} />
        </FieldControl>
      </Field>
      <Field
        id="post-slug"
        label="URL slug"
        description={
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
        <FieldControl>
          <Input className="font-mono" autoComplete="off" spellCheck={false} {...slugField} />
        </FieldControl>
      </Field>
      <Field
        id="post-excerpt"
        label="Excerpt"
        description="One or two sentences shown on the blog list."
        error={errors.excerpt?.message}
      >
        <FieldControl>
          <Textarea rows={3} {...register("excerpt")} />
        </FieldControl>
      </Field>
      <Field id="post-content-editor" label="Content" error={errors.content?.message}>
        <BodyEditor initialHtml={content.field.value} onChange={content.field.onChange} />
      </Field>
    </div>
  );
}

/** The rich-text body, labelled and described by its Field (it is not a form element). */
function BodyEditor(props: { initialHtml: string; onChange: (html: string) => void }) {
  const control = useFieldControl();
  return (
    <RichTextEditor
      id={control.id}
      labelledBy={`${control.id}-label`}
      describedBy={control["aria-describedby"]}
      invalid={control["aria-invalid"]}
      {...props}
    />
  );
}
