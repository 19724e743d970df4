import type { ReactElement } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { FormField } from "@/components/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/cn";
import { editorFieldCopy } from "../lib/editor-copy";
import { seoHints, type PostFormValues } from "../lib/post-form";

/** A meta field with its live character count against the usual hint (seoHints). */
function CountedField({
  name,
  id,
  children,
}: {
  name: keyof typeof seoHints;
  id: string;
  children: ReactElement;
}) {
  const count = useWatch<PostFormValues, typeof name>({ name }).length;
  const hint = seoHints[name];
  const over = count > hint;
  const countId = `${id}-count`;
  return (
    <FormField
      name={name}
      id={id}
      {...editorFieldCopy[name]}
      aside={
        <span
          id={countId}
          className={cn(
            "text-xs tabular-nums",
            over ? "font-semibold text-amber-700" : "text-muted-foreground",
          )}
        >
          {count}/{hint}
          <span className="sr-only"> characters{over ? ", longer than recommended" : ""}</span>
        </span>
      }
    >
      {children}
    </FormField>
  );
}

/** Meta title and description (with live counts against the usual hints), tags, keywords. */
export function SeoFields() {
  const { register } = useFormContext<PostFormValues>();
  return (
    <div className="space-y-6">
      <CountedField name="metaTitle" id="post-meta-title">
        <Input {...register("metaTitle")} />
      </CountedField>
      <CountedField name="metaDescription" id="post-meta-description">
        <Textarea rows={3} {...register("metaDescription")} />
      </CountedField>
      <FormField name="tags" id="post-tags" {...editorFieldCopy.tags}>
        <Input {...register("tags")} />
      </FormField>
      <FormField name="keywords" id="post-keywords" {...editorFieldCopy.keywords}>
        <Input {...register("keywords")} />
      </FormField>
    </div>
  );
}
