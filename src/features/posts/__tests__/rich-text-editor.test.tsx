import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/components/ui/toaster";
import {
  checkImageFile,
  imageMessages,
  ImageUploadError,
  type CheckedImage,
} from "@/lib/image-files";
import { createTestQueryClient } from "@/test/render";
import { RichTextEditor } from "../staff/editor/rich-text-editor";

vi.mock("@/components/ui/toaster", () => ({
  toast: { success: vi.fn(), error: vi.fn() },
}));
// jsdom decodes no images: the check (type, size, natural size) is stubbed per test.
vi.mock("@/lib/image-files", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/image-files")>()),
  checkImageFile: vi.fn(),
}));
const storage = vi.hoisted(() => ({ upload: vi.fn(), remove: vi.fn() }));
vi.mock("@/lib/supabase", () => ({
  getSupabase: async () => ({
    storage: {
      from: () => ({
        upload: storage.upload,
        remove: storage.remove,
        getPublicUrl: (path: string) => ({
          data: {
            publicUrl: `https://project.example/storage/v1/object/public/post-images/${path}`,
          },
        }),
      }),
    },
  }),
}));

const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "team-photo.png", {
  type: "image/png",
});
const checked: CheckedImage = {
  // jsdom's Blob cannot give its bytes; a checked file only needs to.
  file: { arrayBuffer: async () => new ArrayBuffer(4) } as Blob,
  type: "image/png",
  width: 800,
  height: 600,
};

// ProseMirror scrolls an inserted image into view with ranges' boxes, which jsdom does not lay out.
Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

function renderEditor(initialHtml = "<p>Intro</p>") {
  const onChange = vi.fn();
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RichTextEditor id="body" initialHtml={initialHtml} onChange={onChange} />
    </QueryClientProvider>,
  );
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  // A picker's filter is a hint ("All files" is a click away): the editor checks for itself.
  return { onChange, input, user: userEvent.setup({ delay: null, applyAccept: false }) };
}

const lastHtml = (onChange: ReturnType<typeof vi.fn>) =>
  (onChange.mock.lastCall?.[0] as string | undefined) ?? "";

describe("the rich-text editor", { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.mocked(checkImageFile).mockReset();
    vi.mocked(toast.error).mockClear();
    storage.upload.mockReset().mockResolvedValue({ data: {}, error: null });
    storage.remove.mockReset().mockResolvedValue({ data: [], error: null });
  });

  it("has a labelled toolbar whose buttons show their state", async () => {
    renderEditor("<p><strong>Bold</strong> text</p>");
    const toolbar = screen.getByRole("toolbar", { name: "Formatting" });
    for (const name of [
      "Undo",
      "Redo",
      "Heading 1",
      "Heading 2",
      "Bold",
      "Italic",
      "Inline code",
      "Bullet list",
      "Numbered list",
      "Blockquote",
      "Link",
      "Upload image",
      "Image from address",
      "Alt text",
    ]) {
      expect(toolbar.querySelector(`button[aria-label="${name}"]`), name).not.toBeNull();
    }
    // The cursor starts in the bold word.
    await waitFor(() =>
      expect(toolbar.querySelector('button[aria-label="Bold"]')).toHaveAttribute(
        "aria-pressed",
        "true",
      ),
    );
    expect(toolbar.querySelector('button[aria-label="Italic"]')).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    // Nothing to undo yet; undo is an action, not a toggle.
    const undo = toolbar.querySelector('button[aria-label="Undo"]');
    expect(undo).toBeDisabled();
    expect(undo).not.toHaveAttribute("aria-pressed");
    // Alt text applies to a selected image: there is none.
    expect(toolbar.querySelector('button[aria-label="Alt text"]')).toBeDisabled();
    const editable = document.getElementById("body");
    expect(editable).toHaveAttribute("contenteditable", "true");
    expect(editable).toHaveClass("min-h-[300px]");
  });

  it("asks for alt text before it uploads a picked image, then inserts it with its size", async () => {
    vi.mocked(checkImageFile).mockResolvedValue(checked);
    const { onChange, input, user } = renderEditor();
    await user.upload(input, photo);

    const dialog = await screen.findByRole("dialog", { name: "Describe the image" });
    expect(within(dialog).getByText("team-photo.png")).toBeInTheDocument();
    expect(dialog).toHaveTextContent("800 × 600 px");
    expect(storage.upload).not.toHaveBeenCalled();

    // Empty alt text takes a deliberate choice.
    await user.click(within(dialog).getByRole("button", { name: "Insert image" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent(
      "Describe the image, or mark it as decorative.",
    );
    expect(storage.upload).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText("Alt text"), "The team at the whiteboard");
    await user.click(within(dialog).getByRole("button", { name: "Insert image" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    const [path, , options] = storage.upload.mock.calls[0]!;
    expect(options).toMatchObject({ contentType: "image/png" });
    expect(lastHtml(onChange)).toContain(
      `<img src="https://project.example/storage/v1/object/public/post-images/${path}" alt="The team at the whiteboard" width="800" height="600">`,
    );
  });

  it("stores empty alt text only for an image marked decorative", async () => {
    vi.mocked(checkImageFile).mockResolvedValue(checked);
    const { onChange, input, user } = renderEditor();
    await user.upload(input, photo);
    const dialog = await screen.findByRole("dialog", { name: "Describe the image" });
    await user.click(within(dialog).getByRole("checkbox", { name: /Decorative image/ }));
    expect(within(dialog).getByLabelText("Alt text")).toBeDisabled();
    await user.click(within(dialog).getByRole("button", { name: "Insert image" }));
    await waitFor(() => expect(lastHtml(onChange)).toMatch(/<img src="[^"]+" alt="" width="800"/));
  });

  it("adds nothing and sends nothing when the dialog is cancelled", async () => {
    vi.mocked(checkImageFile).mockResolvedValue(checked);
    const { onChange, input, user } = renderEditor();
    await user.upload(input, photo);
    await user.click(await screen.findByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(storage.upload).not.toHaveBeenCalled();
    expect(lastHtml(onChange)).not.toContain("<img");
  });

  it("refuses a file the bucket would refuse, before any dialog or upload", async () => {
    vi.mocked(checkImageFile).mockRejectedValue(new ImageUploadError(imageMessages.type));
    const { onChange, input, user } = renderEditor();
    await user.upload(input, new File(["words"], "notes.txt", { type: "text/plain" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Image not added", {
        description: "Choose a JPEG, PNG, WebP or AVIF image.",
      }),
    );
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(storage.upload).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
  });

  it("says why the bucket refused an upload, and inserts nothing", async () => {
    vi.mocked(checkImageFile).mockResolvedValue(checked);
    storage.upload.mockResolvedValue({
      data: null,
      error: { message: "The object exceeded the maximum allowed size", statusCode: "413" },
    });
    const { onChange, input, user } = renderEditor();
    await user.upload(input, photo);
    const dialog = await screen.findByRole("dialog", { name: "Describe the image" });
    await user.type(within(dialog).getByLabelText("Alt text"), "A chart");
    await user.click(within(dialog).getByRole("button", { name: "Insert image" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Image not added", {
        description: imageMessages.size,
      }),
    );
    expect(lastHtml(onChange)).not.toContain("<img");
  });

  it("asks for the alt text of an image given by its address too", async () => {
    const { onChange, user } = renderEditor();
    const prompt = vi.spyOn(window, "prompt").mockReturnValue("https://example.com/chart.png");
    await user.click(screen.getByRole("button", { name: "Image from address" }));
    const dialog = await screen.findByRole("dialog", { name: "Describe the image" });
    expect(dialog).toHaveTextContent("https://example.com/chart.png");
    await user.type(within(dialog).getByLabelText("Alt text"), "Installs by month");
    await user.click(within(dialog).getByRole("button", { name: "Insert image" }));
    await waitFor(() =>
      expect(lastHtml(onChange)).toContain(
        '<img src="https://example.com/chart.png" alt="Installs by month">',
      ),
    );
    prompt.mockRestore();
  });
});
