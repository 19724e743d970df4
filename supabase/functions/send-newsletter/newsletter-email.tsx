// The newsletter e-mail of a post, built with React Email: its components write the tables and
// inline styles mail clients need. Rendered once per send (the HTML and its plain-text part);
// each recipient's unsubscribe token replaces UNSUBSCRIBE_TOKEN_PLACEHOLDER when their batch
// goes out (recipient-email.ts). Every style is one caniemail's data finds supported by Gmail,
// Apple Mail and Outlook (__tests__/newsletter-email.test.ts).
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Preview,
  Section,
  Text,
  render,
  toPlainText,
} from "@react-email/components";
import type { CSSProperties } from "react";
import { postPath } from "@shared/blog-paths.ts";
import { languages, type Language } from "@shared/languages.ts";
import { newsletterPages } from "@shared/newsletter-pages.ts";
import { brand, postalAddress } from "@shared/site.ts";
import { youTubeVideoId } from "@shared/youtube.ts";
import { newsletterPageUrl } from "../_shared/newsletter-links.ts";
import { absoluteImageUrl, emailContent, imageHtml, videoThumbnailHtml } from "./email-content.ts";
import { emailStyles } from "./email-styles.ts";
import { newsletterMessages } from "./messages.ts";

/** Stands for the recipient's unsubscribe token (URL-safe, so it survives every encoding). */
export const UNSUBSCRIBE_TOKEN_PLACEHOLDER = "__unsubscribe_token__";

/** What the e-mail shows of a post. */
export interface NewsletterPost {
  title: string;
  slug: string;
  excerpt: string | null;
  content: string | null;
  language: Language;
  image_url: string | null;
  image_width: number | null;
  image_height: number | null;
  video_url: string | null;
}

export interface NewsletterEmailProps {
  post: NewsletterPost;
  /** The line inboxes show after the subject. */
  preheader: string;
  /** The public site's base URL (SITE_URL). */
  siteUrl: string;
}

export interface RenderedEmail {
  html: string;
  text: string;
}

const { colours, font } = emailStyles;

// React Email's links open a new window unless told otherwise; mail clients decide that
// themselves (Gmail forces it) and caniemail counts the attribute as unsupported.
const noTarget = { target: null } as unknown as { target?: string };

// Outlook's own property (React's style type does not know it).
const hiddenInOutlook = { msoHide: "all" } as CSSProperties;

const footerText = {
  margin: "0 0 8px",
  fontSize: "13px",
  lineHeight: "20px",
  color: colours.muted,
};

/** The post's video and content as e-mail HTML (email-content.ts). */
function postBody(post: NewsletterPost, postUrl: string): string {
  const words = newsletterMessages[post.language];
  const videoId = youTubeVideoId(post.video_url);
  return (
    (videoId ? videoThumbnailHtml(videoId, words.watchVideo) : "") +
    emailContent(post.content ?? "", postUrl, words.watchVideo)
  );
}

export function NewsletterEmail({ post, preheader, siteUrl }: NewsletterEmailProps) {
  const words = newsletterMessages[post.language];
  const postUrl = new URL(postPath(post.language, post.slug), siteUrl).href;
  const image = absoluteImageUrl(post.image_url, postUrl);
  const unsubscribeUrl = newsletterPageUrl(
    siteUrl,
    newsletterPages.unsubscribe[post.language],
    UNSUBSCRIBE_TOKEN_PLACEHOLDER,
  );
  return (
    <Html lang={languages.lang[post.language]} dir="ltr">
      <Head />
      {preheader && (
        // Hidden by its size and colour: display:none and opacity do not hide it everywhere.
        <Preview
          style={{
            fontSize: "1px",
            lineHeight: "1px",
            maxHeight: 0,
            maxWidth: 0,
            color: colours.page,
            ...hiddenInOutlook,
          }}
        >
          {preheader}
        </Preview>
      )}
      <Body
        style={{ margin: 0, padding: "24px 0", backgroundColor: colours.page, fontFamily: font }}
      >
        <Container
          style={{
            maxWidth: "600px",
            backgroundColor: "#ffffff",
            border: `1px solid ${colours.border}`,
          }}
        >
          <Section style={{ padding: "24px 24px 16px" }}>
            <a
              href={new URL("/", siteUrl).href}
              style={{
                fontSize: "20px",
                fontWeight: 700,
                color: colours.primary,
                textDecoration: "none",
              }}
            >
              {brand.name}
            </a>
          </Section>
          <Section style={{ padding: "0 24px" }}>
            {image && (
              // An <img> written by hand: React would add a preload <link> for its own.
              <div
                dangerouslySetInnerHTML={{
                  __html: imageHtml(
                    image,
                    { width: post.image_width, height: post.image_height },
                    "",
                  ),
                }}
              />
            )}
            <Heading
              as="h1"
              style={{
                margin: "8px 0 12px",
                fontSize: "28px",
                lineHeight: "36px",
                color: colours.text,
              }}
            >
              {post.title}
            </Heading>
            {post.excerpt && (
              <Text
                style={{
                  margin: "0 0 24px",
                  fontSize: "18px",
                  lineHeight: "28px",
                  color: colours.muted,
                }}
              >
                {post.excerpt}
              </Text>
            )}
            <div dangerouslySetInnerHTML={{ __html: postBody(post, postUrl) }} />
            <Button
              {...noTarget}
              href={postUrl}
              style={{
                margin: "8px 0 32px",
                padding: "12px 20px",
                backgroundColor: colours.primary,
                color: colours.onPrimary,
                fontSize: "16px",
                fontWeight: 600,
                textDecoration: "none",
              }}
            >
              {words.readOnSite}
            </Button>
          </Section>
          <Hr style={{ margin: 0, border: 0, borderTop: `1px solid ${colours.border}` }} />
          <Section style={{ padding: "16px 24px 24px" }}>
            <Text style={footerText}>{words.reason.replaceAll("{brand}", brand.name)}</Text>
            <Text style={footerText}>
              <a
                href={unsubscribeUrl}
                style={{ color: colours.muted, textDecoration: "underline" }}
              >
                {words.unsubscribe}
              </a>
            </Text>
            <Text style={footerText}>{postalAddress}</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** The e-mail's HTML and its plain-text part, with the token placeholder in both. */
export async function renderNewsletterEmail(props: NewsletterEmailProps): Promise<RenderedEmail> {
  const html = await render(<NewsletterEmail {...props} />);
  return { html, text: toPlainText(html) };
}
