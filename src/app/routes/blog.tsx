import { PlaceholderPage } from "./placeholder-page";

export default function BlogPage() {
  return <PlaceholderPage id="blog" />;
}
