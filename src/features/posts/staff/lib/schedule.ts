const pad = (value: number) => String(value).padStart(2, "0");

/** An ISO timestamp as a datetime-local value ("YYYY-MM-DDTHH:mm") in the staff's time zone. */
export function toDateTimeLocal(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** A datetime-local value, read in the staff's time zone, as an ISO timestamp; null if invalid. */
export function fromDateTimeLocal(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hours, minutes, seconds] = match
    .slice(1)
    .map((part) => Number(part ?? 0));
  const date = new Date(year!, month! - 1, day!, hours!, minutes!, seconds!);
  if (date.getMonth() !== month! - 1 || date.getDate() !== day!) return null;
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The staff's time zone, as shown next to the schedule ("Europe/Paris (GMT+1)"). */
export function localTimeZoneLabel(at: Date = new Date()): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const offset = new Intl.DateTimeFormat("en-GB", { timeZoneName: "shortOffset" })
    .formatToParts(at)
    .find((part) => part.type === "timeZoneName")?.value;
  return offset && offset !== zone ? `${zone} (${offset})` : zone;
}

/** The datetime-local value of the next full hour: where a new schedule starts. */
export function nextFullHourLocal(from: Date = new Date()): string {
  const start = new Date(from.getTime());
  start.setHours(start.getHours() + 1, 0, 0, 0);
  return toDateTimeLocal(start.toISOString());
}
