import { useLocation } from "react-router";
import { isStaffPath } from "@/config/routes";

/** Staff pages (admin, editor) show no consent banner and load no analytics. */
export function useStaffPage(): boolean {
  return isStaffPath(useLocation().pathname);
}
