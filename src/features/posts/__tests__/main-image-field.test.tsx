import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { FormProvider, useForm, type UseFormReturn } from "react-hook-form";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { checkImageFile, imageMessages, ImageUploadError } from "@/lib/image-files";
import { createTestQueryClient } from "@/test/render";
import { MainImageField } from "../staff/editor/main-image-field";
import { postToFormValues, type PostFormValues } from "../staff/lib/post-form";

// jsdom decodes no images: the check (type, size, natural size) is stubbed per test.
vi.mock("@/lib/image-files", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/image-files")>()),
  checkImageFile: vi.fn(),
}));
const upload = vi.hoisted(() => vi.fn());
vi.mock("@/lib/supabase", () => ({
  getSupabase: async () => ({
    storage: {
      from: () => ({
        upload,
        getPublicUrl: (path: string) => ({
          data: {
            publicUrl: `https://project.example/storage/v1/object/public/post-images/${path}`,
          },
        }),
      }),
    },
  }),
}));

const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "cover.png");
const checked = {
  file: { arrayBuffer: async () => new ArrayBuffer(4) } as Blob,
  type: "image/png" as const,
  width: 1600,
  height: 900,
};

function renderField(initial: Partial<PostFormValues> = {}) {
  let form!: UseFormReturn<PostFormValues>;
  function Form() {
    form = useForm<PostFormValues>({ defaultValues: { ...postToFormValues(null), ...initial } });
    return (
      <FormProvider {...form}>
        <MainImageField />
      </FormProvider>
    );
  }
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <Form />
    </QueryClientProvider>,
  );
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  return { form: () => form, input, user: userEvent.setup({ delay: null, applyAccept: false }) };
}

describe("the main image field", { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.mocked(checkImageFile).mockReset().mockResolvedValue(checked);
    upload.mockReset().mockResolvedValue({ data: {}, error: null });
  });

  it("uploads a picked image, then shows it and records its address and size", async () => {
    const { form, input, user } = renderField();
    expect(screen.getByText("Drop or paste an image here")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Upload image" })).toHaveAccessibleDescription(
      /JPEG, PNG, WebP or AVIF, up to 5 MB/,
    );
    await user.upload(input, photo);

    const preview = await screen.findByRole("img", { name: "Main image preview" });
    const [path] = upload.mock.calls[0]!;
    const url = `https://project.example/storage/v1/object/public/post-images/${path}`;
    expect(preview).toHaveAttribute("src", url);
    expect(preview).toHaveAttribute("width", "1600");
    expect(preview).toHaveAttribute("height", "900");
    expect(screen.getByLabelText("Image address")).toHaveValue(url);
    expect(form().getValues("imageSize")).toEqual({ width: 1600, height: 900 });
    expect(screen.getByRole("status")).toHaveTextContent("Image uploaded.");
  });

  it("takes a dropped file, and a pasted one", async () => {
    renderField();
    fireEvent.drop(screen.getByTestId("main-image-drop-zone"), {
      dataTransfer: { files: [photo], types: ["Files"] },
    });
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    fireEvent.paste(screen.getByLabelText("Image address"), {
      clipboardData: { files: [photo], getData: () => "" },
    });
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(2));
  });

  it("shows why a file was refused, and keeps the image it had", async () => {
    const { form, input, user } = renderField({ imageUrl: "/images/old.png" });
    vi.mocked(checkImageFile).mockRejectedValue(new ImageUploadError(imageMessages.size));
    await user.upload(input, photo);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This image is larger than 5 MB. Choose a smaller one.",
    );
    expect(upload).not.toHaveBeenCalled();
    expect(form().getValues("imageUrl")).toBe("/images/old.png");
  });

  it("points at nothing new when the bucket refuses the upload", async () => {
    const { form, input, user } = renderField();
    upload.mockResolvedValue({ data: null, error: { message: "x", statusCode: "415" } });
    await user.upload(input, photo);
    expect(await screen.findByRole("alert")).toHaveTextContent(imageMessages.type);
    expect(form().getValues("imageUrl")).toBe("");
    expect(form().getValues("imageSize")).toBeNull();
  });

  it("forgets the size when an address is typed by hand, and removes the image", async () => {
    const { form, user } = renderField({
      imageUrl: "https://cdn.example/a.png",
      imageSize: { width: 10, height: 5 },
    });
    await user.type(screen.getByLabelText("Image address"), "?v=2");
    expect(form().getValues("imageSize")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Remove image" }));
    expect(form().getValues("imageUrl")).toBe("");
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Upload image" })).toHaveFocus();
  });
});
