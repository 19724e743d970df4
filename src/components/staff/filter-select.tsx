import { Label } from "@/components/ui/label";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
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
        <SelectContent>
          <SelectItem value="all">{allLabel}</SelectItem>
          {options.map((option) => (
            <SelectItem key={option} value={option}>
              {labelFor(labels, option)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
