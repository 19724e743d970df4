import { crc32, deflateSync } from "node:zlib";
import type { JSHandle, Locator, Page } from "@playwright/test";
import { serviceClient, stackUrl } from "./stack";

/** A file as Playwright hands it to a file chooser. */
export interface TestFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG of one colour (8-bit RGB), `width` × `height`, that any browser decodes. */
export function pngImage(name: string, width: number, height: number): TestFile {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type RGB, default methods, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x5b)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  const buffer = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
  return { name, mimeType: "image/png", buffer };
}

/** A file that starts as a PNG but is one byte over the post-images bucket's 5 MB. */
export function oversizedPng(): TestFile {
  const { buffer } = pngImage("huge.png", 2, 2);
  return {
    name: "huge.png",
    mimeType: "image/png",
    buffer: Buffer.concat([buffer, Buffer.alloc(5 * 1024 * 1024 + 1 - buffer.length)]),
  };
}

export const textFile: TestFile = {
  name: "notes.txt",
  mimeType: "text/plain",
  buffer: Buffer.from("Meeting notes, not a picture."),
};

/** Where the bucket's public URLs start. */
export const postImagesPublicUrl = `${stackUrl}/storage/v1/object/public/post-images/`;

/** Picks `file` in the file chooser that clicking `button` opens. */
export async function pickFile(page: Page, button: Locator, file: TestFile) {
  const chooser = page.waitForEvent("filechooser");
  await button.click();
  await (await chooser).setFiles(file);
}

/** A DataTransfer carrying `file` in the page, as a paste or a drop of that file carries it. */
export function transferOf(page: Page, file: TestFile): Promise<JSHandle<DataTransfer>> {
  return page.evaluateHandle(
    ({ name, mimeType, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], name, { type: mimeType }));
      return data;
    },
    { name: file.name, mimeType: file.mimeType, base64: file.buffer.toString("base64") },
  );
}

/** Pastes `file` into `target`, as Ctrl+V with a copied file does. */
export async function pasteFile(page: Page, target: Locator, file: TestFile) {
  const data = await transferOf(page, file);
  await target.evaluate((element, clipboardData) => {
    element.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData, bubbles: true, cancelable: true }),
    );
  }, data);
}

/** Removes uploaded images by their public URLs (service role). */
export async function removeUploadedImages(urls: string[]) {
  const paths = urls
    .filter((url) => url.startsWith(postImagesPublicUrl))
    .map((url) => url.slice(postImagesPublicUrl.length));
  if (paths.length === 0) return;
  const { error } = await serviceClient().storage.from("post-images").remove(paths);
  if (error) throw error;
}
