import { site } from "@/config/site";
import { StaffArea } from "@/features/admin/components/staff-area";

export default function AdminPage() {
  return (
    <>
      <title>{`Admin | ${site.name}`}</title>
      <meta name="robots" content="noindex" />
      <StaffArea />
    </>
  );
}
