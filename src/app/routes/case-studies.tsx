import { PlaceholderPage } from "./placeholder-page";

export default function CaseStudiesPage() {
  return <PlaceholderPage id="caseStudies" />;
}
