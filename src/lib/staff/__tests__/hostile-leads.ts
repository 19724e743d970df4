import type { leadsToCsv } from "../csv";

type Lead = Parameters<typeof leadsToCsv>[0][number];

const base = {
  created_at: "2026-11-25T09:30:00.000Z",
  email: "visitor@example.com",
  phone: null,
  website: null,
  budget: null,
  message: null,
  source: "contact",
  language: "fr",
  status: "new",
} as const satisfies Partial<Lead>;

/** Leads written to become formulas in a spreadsheet, whatever separator it splits on. */
export const hostileLeads: readonly Lead[] = [
  {
    ...base,
    name: "Jean Dupont;=1+1;",
    company: 'Dupont SA;=HYPERLINK("http://evil.example","x")',
    phone: "+33 1 23 45 67 89",
    message: [
      'Bonjour, voilà a,=2+3 et x\t=SUM(1) puis "quoted", -1+1',
      "@SUM(1;2) à régler",
      '+1+1 ou bien ;  =3+3, et x;"=7+7" — Crème brûlée, l\'été',
    ].join("\n"),
  },
  {
    ...base,
    name: "=cmd|' /C calc'!A0",
    company: "\tTab SARL;\r=4+4",
    website: "https://example.com/?a=1,-2",
    budget: "@5k–10k",
    message: "Ligne une\r\n=5+5\r\n-6+6;\t+7+7\r\nfin 🎉 日本語 עברית",
    language: "en",
  },
];
