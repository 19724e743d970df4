import { Quote } from "lucide-react";
import { CardGrid } from "./section";

interface TestimonialCardProps {
  quote: string;
  author: string;
  title: string;
  company: string;
  initials: string;
}

function TestimonialCard({ quote, author, title, company, initials }: TestimonialCardProps) {
  return (
    <figure className="flex h-full flex-col rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8">
      <Quote className="size-8 text-primary/30" aria-hidden />
      <blockquote className="mt-4 flex-1 text-lg leading-relaxed text-ink">
        <p>{quote}</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3 border-t border-border pt-6">
        <span
          aria-hidden
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-linear-to-br from-primary to-teal-600 text-sm font-bold text-white"
        >
          {initials}
        </span>
        <span className="text-sm">
          <span className="block font-semibold text-ink">{author}</span>
          <span className="block text-muted-foreground">
            {title}, {company}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}

/** The testimonials side by side: each translated quote with its author, who is not translated. */
export function TestimonialGrid({
  quotes,
  people,
}: {
  quotes: readonly Pick<TestimonialCardProps, "quote" | "title">[];
  people: readonly Omit<TestimonialCardProps, "quote" | "title">[];
}) {
  return (
    <CardGrid columns="lg:grid-cols-3">
      {quotes.map((quote, index) => {
        const person = people[index];
        return person && <TestimonialCard key={person.author} {...person} {...quote} />;
      })}
    </CardGrid>
  );
}
