// The query-string grammar (src/rest/parse.ts) against PostgREST's (ApiRequest/QueryParams.hs),
// the JWT claim checks and [api] max_rows, without a stack.
import { describe, expect, it } from "vitest";
import { signJwt, verifyJwt, type JwtClaims } from "../src/jwt.ts";
import { ProjectConfigError, projectConfigFrom } from "../src/project-config.ts";
import {
  nonNegativeInt,
  parseFilter,
  parseLogicTree,
  parseNameList,
  parseOrder,
  parseSelect,
} from "../src/rest/parse.ts";

const OPERATORS = new Set(["eq", "neq", "in", "is", "like", "cs", "fts", "plfts"]);
const parseErrorOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error as { status: number; code: string; message: string; details: string };
  }
  throw new Error("expected a parse error");
};

describe("select", () => {
  it("reads columns, aliases, quoted names and casts as catalog type names", () => {
    expect(parseSelect('id, label:"my col"::TEXT,n:qty::integer,d::double precision,*')).toEqual([
      { kind: "column", name: "id", alias: undefined, cast: undefined },
      { kind: "column", name: "my col", alias: "label", cast: "text" },
      { kind: "column", name: "qty", alias: "n", cast: "int4" },
      { kind: "column", name: "d", alias: undefined, cast: "float8" },
      { kind: "all" },
    ]);
    expect(parseSelect("")).toBeNull();
    expect(parseSelect("id,other(a,b(c))")).toEqual([
      { kind: "column", name: "id", alias: undefined, cast: undefined },
      { kind: "embedded", text: "other(a,b(c))" },
    ]);
  });

  it("refuses a cast that is not a type name, in PostgREST's words", () => {
    const error = parseErrorOf(() => parseSelect("title::text from pg_roles title"));
    expect(error).toMatchObject({ status: 400, code: "PGRST100" });
    expect(error.message).toBe(
      '"failed to parse select parameter (title::text from pg_roles title)" (line 1, column 8)',
    );
    for (const select of [
      "a::text;",
      "a::text)",
      'a::"text"',
      "a::int[]",
      "a::pg_catalog.int4",
      "a::",
      "a,,b",
      "a,(",
    ]) {
      expect(parseErrorOf(() => parseSelect(select)).code).toBe("PGRST100");
    }
  });
});

describe("filters", () => {
  it("takes a value after the operator verbatim", () => {
    expect(parseFilter('eq."x"', OPERATORS)).toMatchObject({ operator: "eq", value: '"x"' });
    expect(parseFilter("not.like.a.b,(c)", OPERATORS)).toMatchObject({
      negated: true,
      operator: "like",
      value: "a.b,(c)",
    });
    expect(parseFilter("plfts(english).cat dog", OPERATORS)).toMatchObject({
      configuration: "english",
      value: "cat dog",
    });
    expect(parseFilter("is.NULL", OPERATORS).value).toBe("null");
  });

  it("unquotes the items of in.(...) only", () => {
    expect(parseFilter('in.("a,b",c,"say \\"hi\\"","x"y, d)', OPERATORS).list).toEqual([
      "a,b",
      "c",
      'say "hi"',
      '"x"y',
      " d",
    ]);
    expect(parseFilter("in.()", OPERATORS).list).toEqual([""]);
  });

  it("refuses what it cannot read", () => {
    for (const filter of ["x", "almost.1", "eq", "in.(a", "in.(a)b", "is.maybe", "fts(.x"]) {
      expect(parseErrorOf(() => parseFilter(filter, OPERATORS)).code).toBe("PGRST100");
    }
  });

  it("reads logic trees, unquoting their values and keeping array literals whole", () => {
    expect(
      parseLogicTree("or", '(a.eq."x,y",not.and(b.cs.{1,2},c.in.("p",q)))', OPERATORS),
    ).toEqual({
      kind: "group",
      joiner: "or",
      negated: false,
      children: [
        { kind: "filter", column: "a", filter: expect.objectContaining({ value: "x,y" }) },
        {
          kind: "group",
          joiner: "and",
          negated: true,
          children: [
            { kind: "filter", column: "b", filter: expect.objectContaining({ value: "{1,2}" }) },
            { kind: "filter", column: "c", filter: expect.objectContaining({ list: ["p", "q"] }) },
          ],
        },
      ],
    });
    for (const tree of ["()", "(a.eq.1", "(a.eq.1))", "(a.eq.1,)"]) {
      expect(parseErrorOf(() => parseLogicTree("or", tree, OPERATORS)).code).toBe("PGRST100");
    }
  });
});

describe("order, names, limit", () => {
  it("reads order terms and refuses junk", () => {
    expect(parseOrder('a.desc.nullslast,"b c".asc,d.nullsfirst')).toEqual([
      { column: "a", direction: "desc", nulls: "last" },
      { column: "b c", direction: "asc", nulls: null },
      { column: "d", direction: null, nulls: "first" },
    ]);
    for (const order of ["a.sideways", "a.asc.desc", "a,", "a::text", "a.descc"]) {
      expect(parseErrorOf(() => parseOrder(order)).code).toBe("PGRST100");
    }
  });

  it("reads name lists, and limit/offset digits only", () => {
    expect(parseNameList('a, "b,c"', "columns")).toEqual(["a", "b,c"]);
    expect(parseErrorOf(() => parseNameList("a,", "columns")).message).toContain(
      "failed to parse columns parameter (a,)",
    );
    expect(nonNegativeInt("12", "limit")).toBe(12);
    for (const value of ["abc", "-1", "1e3", "99999999999999999999"]) {
      expect(parseErrorOf(() => nonNegativeInt(value, "limit")).code).toBe("PGRST100");
    }
  });
});

describe("JWT time claims", () => {
  const keys = { secret: "a-secret-of-at-least-32-characters-long", jwks: { keys: [] } };
  const sign = (claims: Record<string, unknown>) => signJwt(claims as JwtClaims, keys.secret);
  const reason = (claims: Record<string, unknown>) => {
    try {
      verifyJwt(sign(claims), keys, 1_000_000);
      return "valid";
    } catch (error) {
      return `${(error as { reason: string }).reason}: ${(error as Error).message}`;
    }
  };

  it("refuses exp, nbf and iat that are not numbers, and keeps the expiry rule", () => {
    expect(reason({ exp: "2000000" })).toBe("claims: The JWT 'exp' claim must be a number");
    expect(reason({ exp: null })).toBe("claims: The JWT 'exp' claim must be a number");
    expect(reason({ exp: 2_000_000, nbf: "0" })).toBe(
      "claims: The JWT 'nbf' claim must be a number",
    );
    expect(reason({ iat: [] })).toBe("claims: The JWT 'iat' claim must be a number");
    expect(reason({ aud: 1 })).toBe(
      "claims: The JWT 'aud' claim must be a string or an array of strings",
    );
    expect(reason({ exp: 1_000_000 })).toBe("expired: JWT expired");
    expect(reason({ exp: 1_000_001, nbf: 1_000_031, iat: 1_000_030 })).toBe(
      "claims: JWT not yet valid",
    );
    expect(reason({ exp: 1_000_100, iat: 1_000_031 })).toBe("claims: JWT issued at future");
    expect(reason({ exp: 1_000_001, nbf: 1_000_030, iat: 1_000_030, aud: ["a"] })).toBe("valid");
    expect(reason({ role: "anon" })).toBe("valid");
  });
});

describe("[api] max_rows", () => {
  const base = { auth: { enable_signup: false } };

  it("defaults to 1000, as the CLI, and takes a positive integer", () => {
    expect(projectConfigFrom(base).maxRows).toBe(1_000);
    expect(projectConfigFrom({ ...base, api: { max_rows: 25 } }).maxRows).toBe(25);
    for (const bad of [0, -1, 1.5, "100"]) {
      expect(() => projectConfigFrom({ ...base, api: { max_rows: bad } })).toThrow(
        ProjectConfigError,
      );
    }
  });
});

describe("[auth] minimum_password_length", () => {
  const auth = { enable_signup: false };

  it("defaults to 6, as the CLI, and takes a positive integer", () => {
    expect(projectConfigFrom({ auth }).minimumPasswordLength).toBe(6);
    const set = { auth: { ...auth, minimum_password_length: 8 } };
    expect(projectConfigFrom(set).minimumPasswordLength).toBe(8);
    for (const bad of [0, -1, 7.5, "8"]) {
      expect(() => projectConfigFrom({ auth: { ...auth, minimum_password_length: bad } })).toThrow(
        ProjectConfigError,
      );
    }
  });
});
