import { ChevronDown } from "lucide-react";

interface FaqItem {
  question: string;
  answer: string;
}

/** Questions as native disclosures: keyboard operable (Enter or Space) without script. */
export function FaqList({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="divide-y divide-border rounded-2xl border border-border bg-card shadow-sm">
      {items.map((item) => (
        <details key={item.question} className="group px-5 sm:px-7">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-5 text-left font-semibold text-ink marker:hidden hover:text-primary [&::-webkit-details-marker]:hidden">
            <span className="text-base sm:text-lg">{item.question}</span>
            <ChevronDown
              aria-hidden
              className="size-5 shrink-0 text-primary transition-transform group-open:rotate-180"
            />
          </summary>
          <p className="pb-6 pr-8 leading-relaxed text-muted-foreground">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
