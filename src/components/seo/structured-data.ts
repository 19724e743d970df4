import { site } from "@/config/site";

// schema.org data that search engines read for rich results; rendered with <JsonLd>.

const schema = "https://schema.org";

export function organizationData(description: string) {
  return {
    "@context": schema,
    "@type": "Organization",
    name: site.name,
    url: site.url,
    logo: `${site.url}/favicon.svg`,
    email: site.contactEmail,
    description,
    sameAs: [site.linkedInUrl],
  };
}

export function faqPageData(items: readonly { question: string; answer: string }[]) {
  return {
    "@context": schema,
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

/** The trail from the home page to the page, each step with its site-relative path. */
export function breadcrumbData(steps: readonly { name: string; path: string }[]) {
  return {
    "@context": schema,
    "@type": "BreadcrumbList",
    itemListElement: steps.map((step, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: step.name,
      item: `${site.url}${step.path}`,
    })),
  };
}
