import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { PostCover } from "../components/post-cover";

const imageOf = (element: ReactElement) => render(element).container.querySelector("img");

describe("a post's main image", () => {
  it("carries its stored size, so the page reserves its box before it loads", () => {
    const image = imageOf(
      <PostCover url="https://cdn.example/a.png" width={800} height={1000} className="w-full" />,
    );
    expect(image).toHaveAttribute("src", "https://cdn.example/a.png");
    expect(image).toHaveAttribute("width", "800");
    expect(image).toHaveAttribute("height", "1000");
    expect(image).toHaveClass("w-full");
  });

  it("is sized as the 16:9 cover box when its size is unknown", () => {
    const image = imageOf(<PostCover url="/images/a.png" width={null} height={null} />);
    expect(image).toHaveAttribute("width", "1200");
    expect(image).toHaveAttribute("height", "675");
  });

  it("is not shown from an address the site does not load", () => {
    expect(imageOf(<PostCover url="data:image/png;base64,AAAA" width={1} height={1} />)).toBeNull();
    expect(imageOf(<PostCover url={null} />)).toBeNull();
  });
});
