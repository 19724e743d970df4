import type { ReactNode } from "react";
import type { Locale } from "@/config/routes";
import { languages } from "@shared/languages.ts";

/** The page an Auth e-mail links to (reset password, welcome): centred, in the e-mail's language. */
export function EmailLinkPage({ locale, children }: { locale: Locale; children: ReactNode }) {
  return (
    <div lang={languages.lang[locale]} className="container flex justify-center py-12 sm:py-20">
      {children}
    </div>
  );
}
