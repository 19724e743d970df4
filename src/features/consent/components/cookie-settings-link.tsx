import { useI18n } from "@/i18n";
import { analyticsConfigured } from "../analytics";
import { openConsentSettings } from "../consent-store";
import { useStaffPage } from "../use-staff-page";

/** The footer entry that reopens the consent banner (a list item of the footer's links). */
export function CookieSettingsLink() {
  const { t } = useI18n();
  const staff = useStaffPage();
  if (!analyticsConfigured || staff) return null;
  return (
    <li>
      <button
        type="button"
        onClick={openConsentSettings}
        className="cursor-pointer text-sm text-ink-foreground/80 hover:text-white hover:underline"
      >
        {t.consent.settings}
      </button>
    </li>
  );
}
