import { PlaceholderPage } from "./placeholder-page";

export default function ServicesPage() {
  return <PlaceholderPage id="services" />;
}
