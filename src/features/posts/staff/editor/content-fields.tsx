import { useController, useFormContext, useWatch } from "react-hook-form";
import { FormField } from "@/components/form-field";
import { Field, useFieldControl } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { pathFor } from "@/config/routes";
import { slugify } from "@/lib/slugify";
import { usePainted } from "@/lib/use-painted";
import { useSettled } from "@/lib/use-settled";
import type { PostFormValues } from "../lib/post-form";
import { editorFieldCopy } from "../lib/editor-copy";

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
      <FormField name="title" id="post-title" label="Title">
        <Input placeholder="A clear, specific title" autoComplete="off" {...title} />
      </FormField>
      <FormField
        name="slug"
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
      >
        <Input className="font-mono" autoComplete="off" spellCheck={false} {...slugField} />
      </FormField>
      <FormField name="excerpt" id="post-excerpt" {...editorFieldCopy.excerpt}>
        <Textarea rows={3} {...register("excerpt")} />
      </FormField>
      <Field id="post-content-editor" label="Content" error={errors.content?.message}>
        <BodyEditor initialHtml={content.field.value} onChange={content.field.onChange} />
      </Field>
    </div>
  );
}

let richTextEditor: Promise<typeof import("./rich-text-editor")> | undefined;

/**
 * Loads the rich-text editor: Tiptap and ProseMirror are most of the editor page's code, so the
 * page starts this while it checks the session and reads the post, not once the form renders.
 */
export function loadRichTextEditor() {
  return (richTextEditor ??= import("./rich-text-editor"));
}

/**
 * The rich-text body, labelled and described by its Field (it is not a form element). It mounts
 * once the rest of the form has painted: building the editor is the form's longest piece of work.
 */
function BodyEditor(props: { initialHtml: string; onChange: (html: string) => void }) {
  const control = useFieldControl();
  const loaded = useSettled(loadRichTextEditor());
  const painted = usePainted();
  if (!loaded || !painted) return <BodyEditorPlaceholder />;
  const { RichTextEditor } = loaded;
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

/** The editor's box (its toolbar and its body's least height) while it loads. */
function BodyEditorPlaceholder() {
  return (
    <div role="status" className="overflow-hidden rounded-md border border-input bg-background">
      <span className="sr-only">Loading the editor…</span>
      <div className="border-b bg-muted/40 p-1.5" aria-hidden>
        <Skeleton className="h-9 w-2/3" />
      </div>
      <div className="min-h-[300px]" aria-hidden />
    </div>
  );
}
