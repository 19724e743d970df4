import { PlaceholderPage } from "./placeholder-page";

export default function ThankYouPage() {
  return <PlaceholderPage id="thankYou" />;
}
