import { PlaceholderPage } from "./placeholder-page";

export default function HomePage() {
  return <PlaceholderPage id="home" />;
}
