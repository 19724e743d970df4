import { site } from "@/config/site";
import { ResetPasswordFlow } from "@/features/staff/components/reset-password-flow";
import { StaffShell } from "@/features/staff/components/staff-shell";
import { WithQueries } from "@/lib/with-queries";

export default function ResetPasswordPage() {
  return (
    <WithQueries>
      <StaffShell>
        <title>{`Reset password | ${site.name}`}</title>
        <meta name="robots" content="noindex" />
        <ResetPasswordFlow />
      </StaffShell>
    </WithQueries>
  );
}
