import { Controller, useController, useFormContext, useWatch } from "react-hook-form";
import { PostStatusBadge } from "../components/post-status-badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/form-field";
import { Field, FieldControl } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectOptions, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { postCategories } from "@/config/blog";
import { locales } from "@/config/routes";
import type { StoredPublication } from "../../lib/post-publication";
import { languageLabels } from "@/lib/staff/format";
import { toYouTubeEmbedUrl } from "@/lib/youtube";
import { newPostLanguage, videoUrlMessage, type PostFormValues } from "../lib/post-form";
import { MainImageField } from "./main-image-field";
import { editorFieldCopy } from "../lib/editor-copy";

const noCategory = "none";
const categoryOptions = [
  { value: noCategory, label: "No category" },
  ...postCategories.map((category) => ({ value: category, label: category })),
];

/** Every language, a new post's first. */
const languageOptions = [
  newPostLanguage,
  ...locales.filter((locale) => locale !== newPostLanguage),
];

export function SettingsCard({ status, publishedAt }: StoredPublication) {
  const {
    register,
    control,
    clearErrors,
    formState: { errors },
  } = useFormContext<PostFormValues>();
  const videoUrl = useWatch({ control, name: "videoUrl" });
  const { field: featured } = useController({ control, name: "featured" });
  const videoProblem =
    errors.videoUrl?.message ??
    (videoUrl.trim() && !toYouTubeEmbedUrl(videoUrl) ? videoUrlMessage : undefined);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Post settings</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        <Controller
          control={control}
          name="category"
          render={({ field }) => (
            <Field id="post-category" label="Category">
              <Select
                value={field.value || noCategory}
                onValueChange={(value) =>
                  field.onChange(value === noCategory ? "" : (value as PostFormValues["category"]))
                }
              >
                <SelectTrigger
                  id="post-category"
                  aria-labelledby="post-category-label"
                  onBlur={field.onBlur}
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectOptions options={categoryOptions} />
              </Select>
            </Field>
          )}
        />
        <Controller
          control={control}
          name="language"
          render={({ field }) => (
            <Field id="post-language" label="Language" error={errors.language?.message}>
              <Select
                value={field.value}
                onValueChange={(value) => {
                  field.onChange(locales.find((locale) => locale === value) ?? field.value);
                  // A slug is unique per language: a conflict may be gone in another one.
                  clearErrors(["slug", "language"]);
                }}
              >
                <SelectTrigger
                  id="post-language"
                  aria-labelledby="post-language-label"
                  aria-describedby={errors.language ? "post-language-error" : undefined}
                  aria-invalid={errors.language ? true : undefined}
                  onBlur={field.onBlur}
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectOptions
                  options={languageOptions.map((language) => ({
                    value: language,
                    label: languageLabels[language],
                  }))}
                />
              </Select>
            </Field>
          )}
        />
        <MainImageField />
        <Field
          id="post-video-url"
          label="Video URL"
          description="A YouTube link (watch, shorts or youtu.be); stored in its privacy-friendly embed form."
          error={videoProblem}
        >
          <FieldControl>
            <Input
              type="url"
              inputMode="url"
              placeholder="https://www.youtube.com/watch?v=..."
              {...register("videoUrl", { onChange: () => clearErrors("videoUrl") })}
            />
          </FieldControl>
        </Field>
        <div className="flex items-center justify-between gap-4">
          <Label htmlFor="post-featured">Featured post</Label>
          <Switch
            id="post-featured"
            checked={featured.value}
            onCheckedChange={featured.onChange}
            onBlur={featured.onBlur}
          />
        </div>
        <FormField name="author" id="post-author" {...editorFieldCopy.author}>
          <Input
            autoComplete="off"
            required
            {...register("author", { onChange: () => clearErrors("author") })}
          />
        </FormField>
        <div className="flex items-center justify-between gap-4">
          <span className="text-sm font-medium">Status</span>
          <PostStatusBadge status={status} publishedAt={publishedAt} />
        </div>
      </CardContent>
    </Card>
  );
}
