import { site } from "@/config/site";
import { StaffShell } from "@/features/staff/components/staff-shell";
import { WelcomeFlow } from "@/features/staff/components/welcome-flow";
import { WithQueries } from "@/lib/with-queries";

export default function WelcomePage() {
  return (
    <WithQueries>
      <StaffShell>
        <title>{`Welcome | ${site.name}`}</title>
        <meta name="robots" content="noindex" />
        <WelcomeFlow />
      </StaffShell>
    </WithQueries>
  );
}
