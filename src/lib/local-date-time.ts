/** A timestamp for people: "Mon 3 Nov 2026, 14:30" in the staff's time zone. */
export function formatLocalDateTime(iso: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(iso));
}
