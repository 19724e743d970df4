import { Extension, type AnyExtension } from "@tiptap/react";
import Image from "@tiptap/extension-image";
import { TaskItem, TaskList } from "@tiptap/extension-list";
import { Placeholder } from "@tiptap/extensions";
import { Plugin, PluginKey } from "@tiptap/pm/state";
import StarterKit from "@tiptap/starter-kit";
import { isAllowedImageUrl, isAllowedLinkUrl } from "@/lib/safe-url";

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
      "Add images by their web address (https://...). Pasted or dropped image files and data: or blob: images are not stored in posts.",
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

function carriesFiles(transfer: DataTransfer | null): boolean {
  if (!transfer) return false;
  if (transfer.files && transfer.files.length > 0) return true;
  return Array.from(transfer.items ?? []).some((item) => item.kind === "file");
}

function carriesEmbeddedImage(transfer: DataTransfer | null): boolean {
  return embeddedImage.test(transfer?.getData("text/html") ?? "");
}

/**
 * Refuses image data pasted or dropped into the editor (files, data: and blob: images) and
 * says why. Pasted HTML still arrives, without those images (SafeImage does not parse them).
 */
export function createMediaGuard(onRefused: (kind: RefusedKind) => void) {
  return Extension.create({
    name: "mediaGuard",
    addProseMirrorPlugins() {
      return [
        new Plugin({
          key: new PluginKey("mediaGuard"),
          props: {
            handlePaste(_view, event) {
              const transfer = event.clipboardData;
              const files = carriesFiles(transfer);
              if (!files && !carriesEmbeddedImage(transfer)) return false;
              onRefused("image");
              // Only a file: nothing else to paste. With HTML, paste the rest without the images.
              const text = transfer?.getData("text/html") || transfer?.getData("text/plain");
              return files && !text;
            },
            handleDrop(_view, event, _slice, moved) {
              if (moved) return false;
              const transfer = event.dataTransfer;
              if (carriesFiles(transfer)) {
                onRefused("image");
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
}: { onRefused?: (kind: RefusedKind) => void } = {}): AnyExtension[] {
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
    createMediaGuard(onRefused),
  ];
}
