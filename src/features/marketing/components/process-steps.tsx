interface Step {
  title: string;
  description: string;
}

/** The numbered steps of how we work, in order. */
export function ProcessSteps({ steps, stepLabel }: { steps: readonly Step[]; stepLabel: string }) {
  return (
    <ol className="relative grid gap-6 md:grid-cols-2 lg:grid-cols-4">
      {steps.map((step, index) => (
        <li
          key={step.title}
          className="relative flex flex-col rounded-2xl border border-border bg-card p-6 shadow-sm"
        >
          <div className="flex items-center gap-3">
            <span
              aria-hidden
              className="flex size-11 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-foreground shadow-md shadow-primary/25"
            >
              {index + 1}
            </span>
            <span className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">
              {stepLabel} {index + 1}
            </span>
          </div>
          <h3 className="mt-5 text-lg font-bold text-ink">{step.title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{step.description}</p>
        </li>
      ))}
    </ol>
  );
}
