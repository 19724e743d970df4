const dateTime = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

const dateOnly = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
});

export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

export function formatDate(iso: string): string {
  return dateOnly.format(new Date(iso));
}

export const sourceLabels: Record<string, string> = {
  homepage: "Homepage",
  services: "Services",
  about: "About",
  contact: "Contact",
};

export const languageLabels: Record<string, string> = { en: "English", fr: "French" };

export const statusLabels: Record<string, string> = {
  new: "New",
  contacted: "Contacted",
  qualified: "Qualified",
  draft: "Draft",
  published: "Published",
};

export function labelFor(labels: Record<string, string>, value: string): string {
  return labels[value] ?? value;
}
