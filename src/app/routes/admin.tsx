import { site } from "@/config/site";
import { StaffArea } from "@/features/admin/components/staff-area";
import { StaffShell } from "@/features/admin/components/staff-shell";
import { WithQueries } from "@/lib/with-queries";

function AdminContent() {
  return (
    <>
      <title>{`Admin | ${site.name}`}</title>
      <meta name="robots" content="noindex" />
      <StaffArea />
    </>
  );
}

export default function AdminPage() {
  return (
    <WithQueries>
      <StaffShell>
        <AdminContent />
      </StaffShell>
    </WithQueries>
  );
}
