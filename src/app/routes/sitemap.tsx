import { PlaceholderPage } from "./placeholder-page";

export default function SitemapPage() {
  return <PlaceholderPage id="sitemap" />;
}
