// The database's types, generated into shared/database.types.ts by `npm run db:types`: the
// site, the functions and the tests read that one file. Never edited by hand.
export * from "@shared/database.types.ts";
