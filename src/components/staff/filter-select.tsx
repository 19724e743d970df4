import { Label } from "@/components/ui/label";
import { Select, SelectOptions, SelectTrigger, SelectValue } from "@/components/ui/select";
import { labelFor } from "@/lib/staff/format";

/** One of a staff list's filters: "all", or one of the options, shown by its label. */
export function FilterSelect({
  id,
  label,
  allLabel,
  value,
  onChange,
  options,
  labels = {},
}: {
  id: string;
  label: string;
  allLabel: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly string[];
  /** An option's label; without one, the option as it is. */
  labels?: Readonly<Record<string, string>>;
}) {
  return (
    <div className="grid gap-2">
      <Label id={`${id}-label`}>{label}</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger aria-labelledby={`${id}-label`}>
          <SelectValue />
        </SelectTrigger>
        <SelectOptions
          options={[
            { value: "all", label: allLabel },
            ...options.map((option) => ({ value: option, label: labelFor(labels, option) })),
          ]}
        />
      </Select>
    </div>
  );
}
