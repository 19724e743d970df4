import { QueryStatus } from "@/components/query-status";
import { Card, CardContent } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/toaster";
import { useTeamTwoFactorRequired } from "../api/get-team-two-factor";
import { useSetTeamTwoFactor } from "../api/set-team-two-factor";
import { teamFallbackMessage } from "../lib/team-errors";

function RequirementSwitch({ required }: { required: boolean }) {
  const set = useSetTeamTwoFactor();
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between gap-4">
        <Label htmlFor="team-two-factor">Require two-factor for everyone</Label>
        <Switch
          id="team-two-factor"
          aria-describedby="team-two-factor-description"
          checked={set.isPending ? set.variables : required}
          disabled={set.isPending}
          onCheckedChange={(next) =>
            set.mutate(next, {
              onSuccess: () =>
                toast.success(
                  next ? "Two-factor is required for everyone" : "Two-factor is optional",
                ),
              onError: (error) =>
                toast.error("The setting was not changed", {
                  description: error.message || teamFallbackMessage,
                }),
            })
          }
        />
      </div>
      <p id="team-two-factor-description" className="text-sm text-muted-foreground">
        When it is on, a member without two-factor sign-in is walked through setting it up before
        they see leads, subscribers or the team. Members who have it always need their code.
      </p>
    </div>
  );
}

/** The team's two-factor rule. */
export function TwoFactorRequirement() {
  return (
    <Card>
      <CardContent className="pt-6">
        <QueryStatus
          query={useTeamTwoFactorRequired()}
          labels={{
            loading: "Loading the two-factor setting...",
            failed: (message) => `The two-factor setting could not be loaded: ${message}`,
            retry: "Try again",
          }}
          placeholder={<Skeleton className="h-12 w-full" />}
        >
          {(required) => <RequirementSwitch required={required} />}
        </QueryStatus>
      </CardContent>
    </Card>
  );
}
