import { useEditorState, type Editor } from "@tiptap/react";
import {
  Bold,
  Code,
  Heading1,
  Heading2,
  Heading3,
  Image as ImageIcon,
  Italic,
  Link,
  List,
  ListOrdered,
  ListTodo,
  Minus,
  Quote,
  Redo2,
  SquareCode,
  Strikethrough,
  Underline,
  Undo2,
  type LucideIcon,
} from "lucide-react";
import { useRef, useState, type KeyboardEvent } from "react";
import { isAllowedImageUrl, isAllowedLinkUrl } from "@/lib/safe-url";
import { cn } from "@/lib/cn";
import type { RefusedKind } from "../lib/editor-extensions";

interface ToolbarAction {
  id: string;
  label: string;
  icon: LucideIcon;
  run: () => void;
  /** Toggles have a pressed state; plain actions (undo, redo, rule) do not. */
  active?: boolean;
  disabled?: boolean;
}

export const linkPrompt = "Enter URL:";
export const imagePrompt = "Enter image URL:";

/** Asks for a link address and applies it to the selection (or removes it when cleared). */
export function promptForLink(editor: Editor, onRefused: (kind: RefusedKind) => void): void {
  const previous = (editor.getAttributes("link").href as string | undefined) ?? "";
  const input = window.prompt(linkPrompt, previous);
  if (input === null) return;
  const href = input.trim();
  if (href === "") {
    editor.chain().focus().extendMarkRange("link").unsetLink().run();
    return;
  }
  if (!isAllowedLinkUrl(href)) {
    onRefused("link");
    return;
  }
  const chain = editor.chain().focus();
  if (editor.state.selection.empty && !editor.isActive("link")) {
    chain
      .insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] })
      .run();
  } else {
    chain.extendMarkRange("link").setLink({ href }).run();
  }
}

/** Asks for an image address and inserts the image; data: and blob: images are refused. */
export function promptForImage(editor: Editor, onRefused: (kind: RefusedKind) => void): void {
  const input = window.prompt(imagePrompt);
  if (input === null) return;
  const src = input.trim();
  if (src === "") return;
  if (!isAllowedImageUrl(src)) {
    onRefused("image");
    return;
  }
  editor.chain().focus().setImage({ src }).run();
}

export function EditorToolbar({
  editor,
  controls,
  onRefused,
}: {
  editor: Editor;
  /** The id of the editable element the toolbar acts on. */
  controls: string;
  onRefused: (kind: RefusedKind) => void;
}) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
      h1: current.isActive("heading", { level: 1 }),
      h2: current.isActive("heading", { level: 2 }),
      h3: current.isActive("heading", { level: 3 }),
      bold: current.isActive("bold"),
      italic: current.isActive("italic"),
      underline: current.isActive("underline"),
      strike: current.isActive("strike"),
      code: current.isActive("code"),
      bulletList: current.isActive("bulletList"),
      orderedList: current.isActive("orderedList"),
      taskList: current.isActive("taskList"),
      blockquote: current.isActive("blockquote"),
      codeBlock: current.isActive("codeBlock"),
      link: current.isActive("link"),
      image: current.isActive("image"),
    }),
  });
  const toolbar = useRef<HTMLDivElement>(null);
  const chain = () => editor.chain().focus();

  const groups: ToolbarAction[][] = [
    [
      {
        id: "undo",
        label: "Undo",
        icon: Undo2,
        run: () => chain().undo().run(),
        disabled: !state.canUndo,
      },
      {
        id: "redo",
        label: "Redo",
        icon: Redo2,
        run: () => chain().redo().run(),
        disabled: !state.canRedo,
      },
    ],
    [
      {
        id: "h1",
        label: "Heading 1",
        icon: Heading1,
        active: state.h1,
        run: () => chain().toggleHeading({ level: 1 }).run(),
      },
      {
        id: "h2",
        label: "Heading 2",
        icon: Heading2,
        active: state.h2,
        run: () => chain().toggleHeading({ level: 2 }).run(),
      },
      {
        id: "h3",
        label: "Heading 3",
        icon: Heading3,
        active: state.h3,
        run: () => chain().toggleHeading({ level: 3 }).run(),
      },
    ],
    [
      {
        id: "bold",
        label: "Bold",
        icon: Bold,
        active: state.bold,
        run: () => chain().toggleBold().run(),
      },
      {
        id: "italic",
        label: "Italic",
        icon: Italic,
        active: state.italic,
        run: () => chain().toggleItalic().run(),
      },
      {
        id: "underline",
        label: "Underline",
        icon: Underline,
        active: state.underline,
        run: () => chain().toggleUnderline().run(),
      },
      {
        id: "strike",
        label: "Strikethrough",
        icon: Strikethrough,
        active: state.strike,
        run: () => chain().toggleStrike().run(),
      },
      {
        id: "code",
        label: "Inline code",
        icon: Code,
        active: state.code,
        run: () => chain().toggleCode().run(),
      },
    ],
    [
      {
        id: "bulletList",
        label: "Bullet list",
        icon: List,
        active: state.bulletList,
        run: () => chain().toggleBulletList().run(),
      },
      {
        id: "orderedList",
        label: "Numbered list",
        icon: ListOrdered,
        active: state.orderedList,
        run: () => chain().toggleOrderedList().run(),
      },
      {
        id: "taskList",
        label: "Task list",
        icon: ListTodo,
        active: state.taskList,
        run: () => chain().toggleTaskList().run(),
      },
      {
        id: "blockquote",
        label: "Blockquote",
        icon: Quote,
        active: state.blockquote,
        run: () => chain().toggleBlockquote().run(),
      },
      {
        id: "codeBlock",
        label: "Code block",
        icon: SquareCode,
        active: state.codeBlock,
        run: () => chain().toggleCodeBlock().run(),
      },
      {
        id: "rule",
        label: "Horizontal rule",
        icon: Minus,
        run: () => chain().setHorizontalRule().run(),
      },
    ],
    [
      {
        id: "link",
        label: "Link",
        icon: Link,
        active: state.link,
        run: () => promptForLink(editor, onRefused),
      },
      {
        id: "image",
        label: "Image",
        icon: ImageIcon,
        active: state.image,
        run: () => promptForImage(editor, onRefused),
      },
    ],
  ];
  const [focused, setFocused] = useState<string | null>(null);
  const focusable = groups.flat().filter((action) => !action.disabled);
  const tabStop = focusable.some((action) => action.id === focused) ? focused : focusable[0]?.id;

  // One tab stop for the whole toolbar; arrow keys, Home and End move between its buttons.
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const keys = ["ArrowLeft", "ArrowRight", "Home", "End"];
    if (!keys.includes(event.key) || !toolbar.current) return;
    const buttons = Array.from(
      toolbar.current.querySelectorAll<HTMLButtonElement>("button:not([disabled])"),
    );
    if (buttons.length === 0) return;
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    let next = index;
    if (event.key === "ArrowRight") next = (index + 1) % buttons.length;
    if (event.key === "ArrowLeft") next = (index - 1 + buttons.length) % buttons.length;
    if (event.key === "Home") next = 0;
    if (event.key === "End") next = buttons.length - 1;
    event.preventDefault();
    buttons[next]?.focus();
  }

  return (
    <div
      ref={toolbar}
      role="toolbar"
      aria-label="Formatting"
      aria-controls={controls}
      onKeyDown={onKeyDown}
      className="flex flex-wrap items-center gap-1 border-b bg-muted/40 p-1.5"
    >
      {groups.map((group, index) => (
        <div key={group[0]?.id} className="flex items-center gap-0.5">
          {index > 0 && <span className="mx-1 h-6 w-px bg-border" aria-hidden />}
          {group.map((action) => (
            <button
              key={action.id}
              type="button"
              aria-label={action.label}
              title={action.label}
              aria-pressed={action.active === undefined ? undefined : action.active}
              disabled={action.disabled}
              tabIndex={action.id === tabStop ? 0 : -1}
              onFocus={() => setFocused(action.id)}
              // Keep the editor's selection: the click acts on it.
              onMouseDown={(event) => event.preventDefault()}
              onClick={action.run}
              className={cn(
                "inline-flex size-9 items-center justify-center rounded-md text-foreground/80 transition-colors hover:bg-background hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-40 [&_svg]:size-4",
                action.active && "bg-background text-primary shadow-sm ring-1 ring-border",
              )}
            >
              <action.icon aria-hidden />
            </button>
          ))}
        </div>
      ))}
    </div>
  );
}
