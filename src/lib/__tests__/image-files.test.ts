// @vitest-environment node
// Node's Blob and File have arrayBuffer(), which jsdom's lack; nothing here needs a DOM.
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  checkImageFile,
  firstFile,
  imageAccept,
  imageMessages,
  imageObjectPath,
  ImageUploadError,
  maxImageBytes,
  sniffImageType,
  uploadErrorMessage,
} from "../image-files";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((part) =>
      typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part,
    ),
  );

const png = bytes([0x89], "PNG\r\n\x1a\n", "rest of the file");
const jpeg = bytes([0xff, 0xd8, 0xff, 0xe0], "JFIF");
const webp = bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 ");
/** An ISO media file's first box: its size, "ftyp", a major brand, a version, compatible brands. */
const ftyp = (major: string, ...compatible: string[]) =>
  bytes([0, 0, 0, 16 + 4 * compatible.length], "ftyp", major, [0, 0, 0, 0], compatible.join(""));

describe("sniffImageType", () => {
  it("knows the four types the bucket takes by their first bytes", () => {
    expect(sniffImageType(png)).toBe("image/png");
    expect(sniffImageType(jpeg)).toBe("image/jpeg");
    expect(sniffImageType(webp)).toBe("image/webp");
    expect(sniffImageType(ftyp("avif", "mif1", "miaf"))).toBe("image/avif");
    expect(sniffImageType(ftyp("mif1", "miaf", "avif"))).toBe("image/avif");
    expect(sniffImageType(ftyp("avis", "msf1"))).toBe("image/avif");
  });

  it("refuses everything else, whatever a file's name says", () => {
    for (const head of [
      bytes("plain text, named photo.png"),
      bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      bytes("<!doctype html><p>hi</p>"),
      bytes("GIF89a"),
      ftyp("heic", "mif1", "heic"),
      // "avif" as the minor version, or past the box's end, is not a brand.
      bytes([0, 0, 0, 16], "ftyp", "mif1", "avif"),
      bytes([0, 0, 0, 16], "ftyp", "mif1", [0, 0, 0, 0], "avif"),
      new Uint8Array(),
    ]) {
      expect(sniffImageType(head)).toBeNull();
    }
  });
});

describe("checkImageFile", () => {
  afterEach(() => vi.unstubAllGlobals());

  function stubBitmap(size: { width: number; height: number } | Error) {
    const close = vi.fn();
    const create = vi.fn(async () => {
      if (size instanceof Error) throw size;
      return { ...size, close };
    });
    vi.stubGlobal("createImageBitmap", create);
    return { create, close };
  }

  const refusal = (file: Blob) =>
    checkImageFile(file).then(
      () => "accepted",
      (error: unknown) => (error instanceof ImageUploadError ? error.message : String(error)),
    );

  it("returns the type the bytes show and the natural size, EXIF rotation applied", async () => {
    const { create, close } = stubBitmap({ width: 1600, height: 900 });
    // Named and typed as a JPEG, but a PNG: the bytes decide.
    const file = new File([png], "photo.jpg", { type: "image/jpeg" });
    await expect(checkImageFile(file)).resolves.toEqual({
      file,
      type: "image/png",
      width: 1600,
      height: 900,
    });
    expect(create).toHaveBeenCalledWith(file, { imageOrientation: "from-image" });
    expect(close).toHaveBeenCalled();
  });

  it("refuses a file that is not one of the four types, before reading it", async () => {
    const { create } = stubBitmap({ width: 1, height: 1 });
    expect(await refusal(new File(["just words"], "notes.txt", { type: "text/plain" }))).toBe(
      "Choose a JPEG, PNG, WebP or AVIF image.",
    );
    expect(await refusal(new File(["<svg/>"], "logo.svg", { type: "image/svg+xml" }))).toBe(
      imageMessages.type,
    );
    expect(create).not.toHaveBeenCalled();
  });

  it("refuses an image over 5 MB; exactly 5 MB passes", async () => {
    stubBitmap({ width: 10, height: 10 });
    const padded = (size: number) => {
      const body = new Uint8Array(size);
      body.set(png);
      return new Blob([body], { type: "image/png" });
    };
    expect(await refusal(padded(maxImageBytes + 1))).toBe(
      "This image is larger than 5 MB. Choose a smaller one.",
    );
    expect(await refusal(padded(maxImageBytes))).toBe("accepted");
  });

  it("refuses an image the browser cannot decode", async () => {
    stubBitmap(new DOMException("The source image could not be decoded.", "InvalidStateError"));
    expect(await refusal(new Blob([png]))).toBe(imageMessages.unreadable);
  });
});

describe("imageObjectPath", () => {
  const id = "0b6a3c1e-8a4f-4c2e-9a51-6f1f5e1d2c3b";
  it("names an object by month and a random id, with its type's extension", () => {
    const now = new Date("2026-03-31T23:30:00.000Z");
    expect(imageObjectPath("image/png", { now, id })).toBe(`2026/03/${id}.png`);
    expect(imageObjectPath("image/jpeg", { now, id })).toBe(`2026/03/${id}.jpg`);
    expect(imageObjectPath("image/avif", { now, id, folder: "avatars" })).toBe(
      `avatars/2026/03/${id}.avif`,
    );
  });

  it("never names two objects alike", () => {
    expect(imageObjectPath("image/webp")).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}\.webp$/);
    expect(imageObjectPath("image/webp")).not.toBe(imageObjectPath("image/webp"));
  });
});

describe("uploadErrorMessage", () => {
  it("puts Storage's refusals in the words of the checks before upload", () => {
    expect(uploadErrorMessage({ statusCode: "413" })).toBe(imageMessages.size);
    expect(uploadErrorMessage({ statusCode: "415" })).toBe(imageMessages.type);
    expect(uploadErrorMessage({ statusCode: "403" })).toBe(imageMessages.denied);
  });

  it("says the upload failed for anything else (a network error has no status)", () => {
    expect(uploadErrorMessage({ statusCode: "500" })).toBe(imageMessages.failed);
    expect(uploadErrorMessage({ statusCode: "409" })).toBe(imageMessages.failed);
    expect(uploadErrorMessage({})).toBe(imageMessages.failed);
  });
});

describe("the picker and transfers", () => {
  it("offers the four types", () => {
    expect(imageAccept).toBe("image/jpeg,image/png,image/webp,image/avif");
  });

  it("takes the first file of a paste or a drop", () => {
    const file = new File([png], "a.png");
    expect(firstFile({ files: [file, new File([], "b.png")] } as unknown as DataTransfer)).toBe(
      file,
    );
    expect(firstFile({ files: [] } as unknown as DataTransfer)).toBeNull();
    expect(firstFile(null)).toBeNull();
  });
});
