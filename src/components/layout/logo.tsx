import { site } from "@/config/site";

export function Logo({ inverse = false }: { inverse?: boolean }) {
  return (
    <span className="flex items-center gap-2 text-lg font-bold tracking-tight">
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden focusable="false">
        <rect width="32" height="32" rx="8" fill={inverse ? "#ecfdf5" : "#047857"} />
        <path d="M9 22c0-6 4-11 11-12-1 7-5 11-11 12Z" fill={inverse ? "#047857" : "#ecfdf5"} />
        <path
          d="M9 22l7-7"
          stroke={inverse ? "#ecfdf5" : "#047857"}
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
      <span>{site.name}</span>
    </span>
  );
}
