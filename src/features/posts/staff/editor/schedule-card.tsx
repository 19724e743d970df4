import { useFormContext, useWatch } from "react-hook-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/form-field";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/cn";
import { formatLocalDateTime } from "@/lib/local-date-time";
import { publicationState, type StoredPublication } from "../../lib/post-publication";
import type { PostFormValues, ScheduleMode } from "../lib/post-form";
import { fromDateTimeLocal, localTimeZoneLabel, nextFullHourLocal } from "../lib/schedule";
import { useNow } from "../lib/use-now";
import { editorFieldCopy } from "../lib/editor-copy";

const options: { value: ScheduleMode; label: string; description: string }[] = [
  {
    value: "now",
    label: "Publish immediately",
    description: "The post goes live as soon as you click Publish.",
  },
  {
    value: "later",
    label: "Schedule for later",
    description: "Publish now; visitors see the post from the date and time you pick.",
  },
];

/** When a published post goes live: now, or at a chosen time in the staff's time zone. */
export function ScheduleCard({ status, publishedAt }: StoredPublication) {
  const { register, setValue, getValues, clearErrors, control } = useFormContext<PostFormValues>();
  const [mode, scheduledAt] = useWatch({ control, name: ["scheduleMode", "scheduledAt"] });
  const chosen = mode === "later" ? fromDateTimeLocal(scheduledAt) : null;
  const now = useNow();

  function choose(next: ScheduleMode) {
    setValue("scheduleMode", next, { shouldDirty: true });
    clearErrors("scheduledAt");
    if (next === "later" && !getValues("scheduledAt")) {
      setValue("scheduledAt", nextFullHourLocal(), { shouldDirty: true });
    }
  }

  let current: string | null = null;
  const state = publicationState({ status, publishedAt }, new Date(now));
  if (state === "scheduled" && publishedAt) {
    current = `Scheduled: goes live on ${formatLocalDateTime(publishedAt)}.`;
  } else if (state === "published" && publishedAt) {
    current = `Live since ${formatLocalDateTime(publishedAt)}.`;
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Schedule</CardTitle>
        <CardDescription>{current ?? "Publish immediately or schedule for later."}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <fieldset className="space-y-2">
          <legend className="sr-only">When the post goes live</legend>
          {options.map((option) => (
            <label
              key={option.value}
              className={cn(
                "flex cursor-pointer gap-3 rounded-md border p-3 text-sm transition-colors hover:bg-muted/60",
                mode === option.value && "border-primary bg-primary/5",
              )}
            >
              <input
                type="radio"
                name="post-schedule-mode"
                value={option.value}
                checked={mode === option.value}
                onChange={() => choose(option.value)}
                className="mt-0.5 size-4 accent-primary"
              />
              <span>
                <span className="block font-medium">{option.label}</span>
                <span className="block text-muted-foreground">{option.description}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {mode === "later" && (
          <FormField
            name="scheduledAt"
            id="post-scheduled-at"
            {...editorFieldCopy.scheduledAt}
            description={`Your time zone: ${localTimeZoneLabel()}`}
          >
            <Input
              type="datetime-local"
              {...register("scheduledAt", { onChange: () => clearErrors("scheduledAt") })}
            />
          </FormField>
        )}
        {chosen && (
          <p className="text-sm text-muted-foreground" data-testid="schedule-summary">
            {Date.parse(chosen) > now
              ? `After you click Publish, visitors see this post from ${formatLocalDateTime(chosen)}.`
              : "This time has passed: once published, the post shows at once, dated then."}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
