interface TeamCardProps {
  name: string;
  initials: string;
  role: string;
  bio: string;
}

const gradients = [
  "from-emerald-600 to-teal-700",
  "from-teal-600 to-cyan-700",
  "from-green-700 to-emerald-800",
  "from-cyan-700 to-emerald-700",
];

export function TeamCard({ name, initials, role, bio, index }: TeamCardProps & { index: number }) {
  return (
    <article className="flex h-full flex-col items-center rounded-2xl border border-border bg-card p-6 text-center shadow-sm sm:p-8">
      <span
        aria-hidden
        className={`flex size-20 items-center justify-center rounded-full bg-linear-to-br text-2xl font-bold text-white shadow-md ${gradients[index % gradients.length] ?? ""}`}
      >
        {initials}
      </span>
      <h3 className="mt-5 text-lg font-bold text-ink">{name}</h3>
      <p className="mt-1 text-sm font-semibold text-primary">{role}</p>
      <p className="mt-3 text-sm leading-relaxed text-muted-foreground">{bio}</p>
    </article>
  );
}
