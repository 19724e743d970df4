import { PlaceholderPage } from "./placeholder-page";

export default function PrivacyPage() {
  return <PlaceholderPage id="privacy" />;
}
