// Loaded on first use (see newsletter-signup.tsx): zod stays out of the page's first load.
import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import { createNewsletterSchema, type NewsletterMessages } from "./newsletter-schema";

export interface NewsletterValues {
  email: string;
}

export function createNewsletterResolver(messages: NewsletterMessages): Resolver<NewsletterValues> {
  return zodResolver(createNewsletterSchema(messages));
}
