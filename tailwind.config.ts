import type { Config } from "tailwindcss";

// Brand tokens. Colours are CSS variables (src/index.css) so a theme change touches one place.
export default {
  content: ["./index.html", "./src/**/*.{ts,tsx}"],
  theme: {
    container: { center: true, padding: "1.25rem", screens: { "2xl": "1200px" } },
    extend: {
      colors: {
        border: "var(--border)",
        input: "var(--input)",
        ring: "var(--ring)",
        background: "var(--background)",
        foreground: "var(--foreground)",
        primary: { DEFAULT: "var(--primary)", foreground: "var(--primary-foreground)" },
        secondary: { DEFAULT: "var(--secondary)", foreground: "var(--secondary-foreground)" },
        muted: { DEFAULT: "var(--muted)", foreground: "var(--muted-foreground)" },
        accent: { DEFAULT: "var(--accent)", foreground: "var(--accent-foreground)" },
        destructive: { DEFAULT: "var(--destructive)", foreground: "var(--destructive-foreground)" },
        card: { DEFAULT: "var(--card)", foreground: "var(--card-foreground)" },
        ink: { DEFAULT: "var(--ink)", foreground: "var(--ink-foreground)" },
      },
      borderRadius: {
        lg: "var(--radius)",
        md: "calc(var(--radius) - 2px)",
        sm: "calc(var(--radius) - 4px)",
      },
      fontSize: {
        display: [
          "clamp(2.25rem, 5vw + 1rem, 4rem)",
          { lineHeight: "1.05", letterSpacing: "-0.03em" },
        ],
        headline: [
          "clamp(1.75rem, 2.5vw + 1rem, 2.5rem)",
          { lineHeight: "1.15", letterSpacing: "-0.02em" },
        ],
      },
      maxWidth: { prose: "68ch" },
    },
  },
} satisfies Config;
