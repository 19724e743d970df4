// @vitest-environment node
// Node's Blob and File have arrayBuffer(), which jsdom's lack; nothing here needs a DOM.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { imageMessages, ImageUploadError, type CheckedImage } from "@/lib/image-files";
import { removePostImage, uploadPostImage } from "../staff/api/upload-post-image";

const storage = vi.hoisted(() => ({
  from: vi.fn(),
  upload: vi.fn(),
  remove: vi.fn(),
}));

vi.mock("@/lib/supabase", () => ({
  getSupabase: async () => ({
    storage: {
      from: (bucket: string) => {
        storage.from(bucket);
        return {
          upload: storage.upload,
          remove: storage.remove,
          getPublicUrl: (path: string) => ({
            data: {
              publicUrl: `https://project.example/storage/v1/object/public/${bucket}/${path}`,
            },
          }),
        };
      },
    },
  }),
}));

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const checked: CheckedImage = {
  file: new Blob([png], { type: "image/png" }),
  type: "image/png",
  width: 640,
  height: 360,
};

beforeEach(() => {
  storage.upload.mockResolvedValue({ data: { path: "x" }, error: null });
  storage.remove.mockResolvedValue({ data: [], error: null });
});
afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

describe("uploadPostImage", () => {
  it("stores the bytes in post-images under a new month/uuid name, typed and cached for good", async () => {
    const uploaded = await uploadPostImage(checked);

    expect(storage.from).toHaveBeenCalledWith("post-images");
    const [path, body, options] = storage.upload.mock.calls[0]!;
    expect(path).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    expect(new Uint8Array(body as ArrayBuffer)).toEqual(png);
    expect(options).toEqual({ contentType: "image/png", cacheControl: "31536000", upsert: false });
    expect(uploaded).toEqual({
      url: `https://project.example/storage/v1/object/public/post-images/${path}`,
      path,
      width: 640,
      height: 360,
    });
  });

  it("checks a plain file first and sends nothing that the bucket would refuse", async () => {
    const text = new File(["not an image"], "photo.png", { type: "image/png" });
    await expect(uploadPostImage(text)).rejects.toThrow(imageMessages.type);
    expect(storage.upload).not.toHaveBeenCalled();

    vi.stubGlobal("createImageBitmap", async () => ({ width: 30, height: 20, close() {} }));
    const uploaded = await uploadPostImage(new File([png], "shot.png"));
    expect(uploaded).toMatchObject({ width: 30, height: 20 });
    expect(storage.upload.mock.calls[0]![2]).toMatchObject({ contentType: "image/png" });
  });

  it.each([
    ["413", imageMessages.size],
    ["415", imageMessages.type],
    ["403", imageMessages.denied],
    ["500", imageMessages.failed],
  ])("turns Storage's %s into staff's words", async (statusCode, message) => {
    storage.upload.mockResolvedValue({
      data: null,
      error: { name: "StorageApiError", message: "raw", status: 400, statusCode },
    });
    const failure = uploadPostImage(checked);
    await expect(failure).rejects.toBeInstanceOf(ImageUploadError);
    await expect(failure).rejects.toThrow(message);
  });
});

describe("removePostImage", () => {
  it("removes the named object from post-images", async () => {
    await removePostImage("2026/03/a.png");
    expect(storage.from).toHaveBeenCalledWith("post-images");
    expect(storage.remove).toHaveBeenCalledWith(["2026/03/a.png"]);
  });
});
