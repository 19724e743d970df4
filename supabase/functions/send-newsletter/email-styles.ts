// The newsletter e-mail's look, as inline styles (mail clients drop or ignore a <style> block):
// the site's colours (src/index.css) in properties every major client supports.
const colours = {
  text: "#0f172a",
  muted: "#475569",
  primary: "#047857",
  onPrimary: "#ffffff",
  border: "#e2e8f0",
  code: "#f1f5f9",
  page: "#f8fafc",
} as const;

const font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const monospace = "Menlo, Consolas, 'Courier New', monospace";

const paragraph = `margin:0 0 16px;font-size:16px;line-height:26px;color:${colours.text}`;
const heading = (size: number, line: number) =>
  `margin:24px 0 12px;font-size:${size}px;line-height:${line}px;font-weight:700;color:${colours.text}`;
const link = `color:${colours.primary};text-decoration:underline`;
const image = "display:block;max-width:100%;height:auto;border:0;text-decoration:none";

export const emailStyles = {
  colours,
  font,
  paragraph,
  link,
  imageLink: "display:block;margin:0 0 16px;text-decoration:none",
  /** Each tag a post's content keeps, with its style ("" for none). */
  tags: {
    p: paragraph,
    h1: heading(26, 34),
    h2: heading(22, 30),
    h3: heading(18, 26),
    strong: "",
    b: "",
    em: "",
    i: "",
    u: "",
    s: "",
    br: "",
    a: link,
    img: `${image};margin:0 0 16px`,
    blockquote: `margin:0 0 16px;padding:0 0 0 16px;border-left:4px solid ${colours.border};color:${colours.muted};font-style:italic`,
    ul: `margin:0 0 16px;padding:0 0 0 24px;font-size:16px;line-height:26px;color:${colours.text}`,
    ol: `margin:0 0 16px;padding:0 0 0 24px;font-size:16px;line-height:26px;color:${colours.text}`,
    li: "margin:0 0 6px",
    code: `font-family:${monospace};font-size:14px;background-color:${colours.code}`,
    pre: `margin:0 0 16px;padding:12px;font-family:${monospace};font-size:14px;line-height:20px;background-color:${colours.code}`,
    hr: `margin:24px 0;border:0;border-top:1px solid ${colours.border}`,
  },
} as const;
