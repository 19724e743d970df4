import { PlaceholderPage } from "./placeholder-page";

export default function BlogPostPage() {
  return <PlaceholderPage id="blogPost" />;
}
