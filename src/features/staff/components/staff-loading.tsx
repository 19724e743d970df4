import { Loader2 } from "lucide-react";

export function StaffLoading({ label = "Checking your session..." }: { label?: string }) {
  return (
    <div className="container flex min-h-[50vh] items-center justify-center py-20" role="status">
      <Loader2 className="size-6 animate-spin text-muted-foreground" aria-hidden />
      <span className="ml-3 text-muted-foreground">{label}</span>
    </div>
  );
}
