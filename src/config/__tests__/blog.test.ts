import { describe, expect, it } from "vitest";
import { Constants } from "@/types/database";
import { postCategories } from "../blog";

describe("post categories", () => {
  it("are the database's post_category values, in its order", () => {
    expect(postCategories).toEqual(Constants.public.Enums.post_category);
  });
});
