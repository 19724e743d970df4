import { PlaceholderPage } from "./placeholder-page";

export default function ContactPage() {
  return <PlaceholderPage id="contact" />;
}
