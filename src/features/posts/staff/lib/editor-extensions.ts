import { Extension, type AnyExtension } from "@tiptap/react";
import Image from "@tiptap/extension-image";
import { TaskItem, TaskList } from "@tiptap/extension-list";
import { Placeholder } from "@tiptap/extensions";
import { Plugin, PluginKey } from "@tiptap/pm/state";
import StarterKit from "@tiptap/starter-kit";
import { firstFile } from "@/lib/image-files";
import { isAllowedImageUrl, isAllowedLinkUrl } from "@/lib/safe-url";
import type { InsertRange } from "./editor-images";

/** Undo keeps 100 steps; edits less than 500 ms apart undo together. */
export const undoRedoOptions = { depth: 100, newGroupDelay: 500 } as const;

/** Posts use headings 1 to 3 only (the post page's title is the page's own h1). */
export const headingLevels = [1, 2, 3] as const;

export const placeholderText = "Start writing...";

/** The schemes a link may use (besides relative links); the check is `isAllowedLinkUrl`. */
export const linkSchemes = [
  "http",
  "https",
  "ftp",
  "ftps",
  "mailto",
  "tel",
  "callto",
  "sms",
  "cid",
  "xmpp",
] as const;

export const linkOptions = {
  protocols: [...linkSchemes],
  openOnClick: false,
  autolink: true,
  linkOnPaste: true,
  defaultProtocol: "https",
  isAllowedUri: (url: string) => isAllowedLinkUrl(url),
} as const;

export const refusedMessages = {
  link: {
    title: "Link not allowed",
    description:
      "Links may use http, https, ftp, ftps, mailto, tel, callto, sms, cid or xmpp, or be relative to this site.",
  },
  image: {
    title: "Image not allowed",
    description:
      "Images in posts are uploaded (Upload image, or drop or paste the file) or load from their web address (https://...); data: and blob: images are not stored.",
  },
} as const;

export type RefusedKind = keyof typeof refusedMessages;

/** Images by URL only: a src that is not http(s) or a site path is not even parsed. */
export const SafeImage = Image.extend({
  parseHTML() {
    return [
      {
        tag: "img[src]",
        getAttrs: (element) =>
          isAllowedImageUrl((element as HTMLElement).getAttribute("src") ?? "") ? null : false,
      },
    ];
  },
}).configure({ allowBase64: false, inline: false });

const embeddedImage = /<img\b[^>]*\bsrc\s*=\s*["']?\s*(?:data|blob|filesystem):/i;

function carriesEmbeddedImage(transfer: DataTransfer | null): boolean {
  return embeddedImage.test(transfer?.getData("text/html") ?? "");
}

export interface ImageIntakeOptions {
  onRefused: (kind: RefusedKind) => void;
  /** A file pasted or dropped into the editor, and where it goes. */
  onImageFile: (file: File, range: InsertRange) => void;
}

/**
 * Files pasted or dropped into the editor go to `onImageFile` (to be checked, described and
 * uploaded) instead of the browser's default. A paste that carries text too (from a word
 * processor, which adds a picture of the text) pastes the text. Embedded data: and blob: images
 * are refused and staff are told why; the rest of pasted HTML still arrives, without them
 * (SafeImage does not parse them).
 */
export function createImageIntake({ onRefused, onImageFile }: ImageIntakeOptions) {
  return Extension.create({
    name: "imageIntake",
    addProseMirrorPlugins() {
      return [
        new Plugin({
          key: new PluginKey("imageIntake"),
          props: {
            handlePaste(view, event) {
              const transfer = event.clipboardData;
              const file = firstFile(transfer);
              if (file && !transfer?.getData("text/plain").trim()) {
                const { from, to } = view.state.selection;
                onImageFile(file, { from, to });
                return true;
              }
              if (carriesEmbeddedImage(transfer)) onRefused("image");
              return false;
            },
            handleDrop(view, event, _slice, moved) {
              if (moved) return false;
              const transfer = event.dataTransfer;
              const file = firstFile(transfer);
              if (file) {
                const at =
                  view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos ??
                  view.state.selection.from;
                onImageFile(file, { from: at, to: at });
                return true;
              }
              if (carriesEmbeddedImage(transfer)) onRefused("image");
              return false;
            },
          },
        }),
      ];
    },
  });
}

/** Everything the post editor's Tiptap instance is made of. */
export function createEditorExtensions({
  onRefused = () => undefined,
  onImageFile = () => undefined,
}: Partial<ImageIntakeOptions> = {}): AnyExtension[] {
  return [
    StarterKit.configure({
      heading: { levels: [...headingLevels] },
      undoRedo: { ...undoRedoOptions },
      link: { ...linkOptions, protocols: [...linkSchemes] },
      // The page's own styles apply; the drop cursor only needs a colour.
      dropcursor: { color: "currentColor", width: 2 },
    }),
    SafeImage,
    TaskList,
    TaskItem.configure({ nested: true }),
    Placeholder.configure({ placeholder: placeholderText }),
    createImageIntake({ onRefused, onImageFile }),
  ];
}
