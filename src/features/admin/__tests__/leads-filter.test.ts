import { describe, expect, it } from "vitest";
import { emptyLeadFilter, filterLeads, paginate } from "../lib/leads-filter";

const leads = [
  {
    name: "Zoé Martin",
    email: "zoe@studio.fr",
    company: "Studio Nord",
    status: "new",
    source: "contact",
  },
  {
    name: "Bob Stone",
    email: "bob@acme.com",
    company: null,
    status: "contacted",
    source: "homepage",
  },
  {
    name: "Carla Diaz",
    email: "carla@fitapp.io",
    company: "FitApp",
    status: "qualified",
    source: "contact",
  },
];

describe("filterLeads", () => {
  it("returns everything for the empty filter, in order", () => {
    expect(filterLeads(leads, emptyLeadFilter)).toEqual(leads);
  });

  it("searches name, e-mail and company, ignoring case and accents", () => {
    const names = (search: string) =>
      filterLeads(leads, { ...emptyLeadFilter, search }).map((lead) => lead.name);
    expect(names("zoe")).toEqual(["Zoé Martin"]);
    expect(names("ACME")).toEqual(["Bob Stone"]);
    expect(names("fitapp")).toEqual(["Carla Diaz"]);
    expect(names("  studio   nord ")).toEqual(["Zoé Martin"]);
    expect(names("nobody")).toEqual([]);
  });

  it("filters by status and by source, combined with the search", () => {
    expect(filterLeads(leads, { ...emptyLeadFilter, status: "qualified" })).toEqual([leads[2]]);
    expect(filterLeads(leads, { ...emptyLeadFilter, source: "contact" })).toEqual([
      leads[0],
      leads[2],
    ]);
    expect(filterLeads(leads, { search: "carla", status: "new", source: "contact" })).toEqual([]);
  });
});

describe("paginate", () => {
  const items = Array.from({ length: 45 }, (_, index) => index);

  it("slices pages and counts them", () => {
    expect(paginate(items, 1, 20)).toMatchObject({ page: 1, pageCount: 3 });
    expect(paginate(items, 3, 20).items).toEqual([40, 41, 42, 43, 44]);
  });

  it("clamps out-of-range pages and has one page when empty", () => {
    expect(paginate(items, 9, 20).page).toBe(3);
    expect(paginate([], 1, 20)).toEqual({ items: [], page: 1, pageCount: 1 });
  });
});
