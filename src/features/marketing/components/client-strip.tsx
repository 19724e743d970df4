import {
  Bike,
  CreditCard,
  Dumbbell,
  Gamepad2,
  Languages,
  ShoppingBag,
  Smile,
  Trophy,
  type LucideIcon,
} from "lucide-react";

const marks: LucideIcon[] = [
  Dumbbell,
  Trophy,
  ShoppingBag,
  Languages,
  CreditCard,
  Smile,
  Bike,
  Gamepad2,
];

/** Client names set as simple wordmarks (fictional apps, no real brands' logos). */
export function ClientStrip({
  headingId,
  title,
  names,
}: {
  headingId: string;
  title: string;
  names: readonly string[];
}) {
  return (
    <section aria-labelledby={headingId} className="border-y border-border bg-muted/50 py-12">
      <div className="container">
        <h2
          id={headingId}
          className="text-center text-sm font-semibold uppercase tracking-wider text-muted-foreground"
        >
          {title}
        </h2>
        <ul className="mt-8 grid grid-cols-2 gap-x-6 gap-y-6 sm:grid-cols-4 lg:grid-cols-8">
          {names.map((name, index) => {
            const Icon = marks[index % marks.length] ?? Smile;
            return (
              <li
                key={name}
                className="flex items-center justify-center gap-2 text-lg font-bold tracking-tight text-slate-600"
              >
                <Icon className="size-5 text-slate-500" aria-hidden />
                {name}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
