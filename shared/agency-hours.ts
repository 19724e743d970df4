// When the agency answers and what the site promises a visitor about it. The staff Overview
// reads both (its weeks, its business-hours reply clock, the promise it holds the replies to)
// and the database's overview functions take them as arguments. The contact and thank-you copy
// and the pages' descriptions write the same figures as text, which
// src/i18n/__tests__/reply-promise.test.ts holds to these: a module of its own, so the public
// pages' bundle does not carry what only staff pages read.

/** The agency's opening hours, Monday to Friday, in its time zone (the weeks of the Overview). */
export const agencyHours = { timeZone: "Europe/Paris", opens: "09:00", closes: "18:00" } as const;

/** The copy's promise: a reply within 24 hours, 4 on average (business hours, agencyHours). */
export const replyPromise = { withinHours: 24, averageHours: 4 } as const;
