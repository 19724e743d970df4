import { useEditorState, type ChainedCommands, type Editor } from "@tiptap/react";
import {
  Bold,
  Captions,
  Code,
  Heading1,
  Heading2,
  Heading3,
  Image as ImageIcon,
  ImageUp,
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
import { selectedImage } from "../lib/editor-images";

/** What a toolbar button checks to show itself pressed: a mark or node, maybe with attributes. */
type ActiveWhen = string | [name: string, attributes: Record<string, unknown>];

/** What the toolbar hands back to the editor around it. */
export interface ToolbarHandlers {
  onRefused: (kind: RefusedKind) => void;
  /** An image address was given: ask for its alt text, then insert it. */
  onImageUrl: (src: string) => void;
  /** Open the file picker. */
  onUploadImage: () => void;
  /** Edit the selected image's alt text. */
  onEditAlt: () => void;
}

interface ToolbarAction {
  id: string;
  label: string;
  icon: LucideIcon;
  run: (editor: Editor, handlers: ToolbarHandlers) => void;
  /** Toggles have a pressed state; plain actions (undo, redo, rule) do not. */
  active?: ActiveWhen;
  /** Whether the action can run now; always when absent. */
  enabled?: (editor: Editor) => boolean;
}

/** An action that is one editor command, run on the focused editor's selection. */
const command =
  (apply: (chain: ChainedCommands) => ChainedCommands) =>
  (editor: Editor): void => {
    apply(editor.chain().focus()).run();
  };

const heading = (level: 1 | 2 | 3, icon: LucideIcon): ToolbarAction => ({
  id: `h${level}`,
  label: `Heading ${level}`,
  icon,
  active: ["heading", { level }],
  run: command((chain) => chain.toggleHeading({ level })),
});

/** Every button of the toolbar, in groups separated by a rule. */
const toolbarGroups: readonly (readonly ToolbarAction[])[] = [
  [
    {
      id: "undo",
      label: "Undo",
      icon: Undo2,
      run: command((chain) => chain.undo()),
      enabled: (editor) => editor.can().undo(),
    },
    {
      id: "redo",
      label: "Redo",
      icon: Redo2,
      run: command((chain) => chain.redo()),
      enabled: (editor) => editor.can().redo(),
    },
  ],
  [heading(1, Heading1), heading(2, Heading2), heading(3, Heading3)],
  [
    {
      id: "bold",
      label: "Bold",
      icon: Bold,
      active: "bold",
      run: command((chain) => chain.toggleBold()),
    },
    {
      id: "italic",
      label: "Italic",
      icon: Italic,
      active: "italic",
      run: command((chain) => chain.toggleItalic()),
    },
    {
      id: "underline",
      label: "Underline",
      icon: Underline,
      active: "underline",
      run: command((chain) => chain.toggleUnderline()),
    },
    {
      id: "strike",
      label: "Strikethrough",
      icon: Strikethrough,
      active: "strike",
      run: command((chain) => chain.toggleStrike()),
    },
    {
      id: "code",
      label: "Inline code",
      icon: Code,
      active: "code",
      run: command((chain) => chain.toggleCode()),
    },
  ],
  [
    {
      id: "bulletList",
      label: "Bullet list",
      icon: List,
      active: "bulletList",
      run: command((chain) => chain.toggleBulletList()),
    },
    {
      id: "orderedList",
      label: "Numbered list",
      icon: ListOrdered,
      active: "orderedList",
      run: command((chain) => chain.toggleOrderedList()),
    },
    {
      id: "taskList",
      label: "Task list",
      icon: ListTodo,
      active: "taskList",
      run: command((chain) => chain.toggleTaskList()),
    },
    {
      id: "blockquote",
      label: "Blockquote",
      icon: Quote,
      active: "blockquote",
      run: command((chain) => chain.toggleBlockquote()),
    },
    {
      id: "codeBlock",
      label: "Code block",
      icon: SquareCode,
      active: "codeBlock",
      run: command((chain) => chain.toggleCodeBlock()),
    },
    {
      id: "rule",
      label: "Horizontal rule",
      icon: Minus,
      run: command((chain) => chain.setHorizontalRule()),
    },
  ],
  [
    { id: "link", label: "Link", icon: Link, active: "link", run: promptForLink },
    {
      id: "upload",
      label: "Upload image",
      icon: ImageUp,
      run: (_editor, handlers) => handlers.onUploadImage(),
    },
    { id: "image", label: "Image from address", icon: ImageIcon, run: promptForImage },
    {
      id: "alt",
      label: "Alt text",
      icon: Captions,
      run: (_editor, handlers) => handlers.onEditAlt(),
      enabled: (editor) => selectedImage(editor) !== null,
    },
  ],
];

const isActive = (editor: Editor, when: ActiveWhen) =>
  typeof when === "string" ? editor.isActive(when) : editor.isActive(...when);

/** Each button's pressed and disabled state, for the editor as it is now. */
function toolbarState(editor: Editor) {
  return Object.fromEntries(
    toolbarGroups.flat().map((action) => [
      action.id,
      {
        active: action.active === undefined ? undefined : isActive(editor, action.active),
        disabled: action.enabled ? !action.enabled(editor) : false,
      },
    ]),
  );
}

export const linkPrompt = "Enter URL:";
export const imagePrompt = "Enter image URL:";

/** Asks for a link address and applies it to the selection (or removes it when cleared). */
export function promptForLink(editor: Editor, { onRefused }: ToolbarHandlers): void {
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

/** Asks for an image address, then for its alt text; data: and blob: images are refused. */
export function promptForImage(_editor: Editor, { onRefused, onImageUrl }: ToolbarHandlers): void {
  const input = window.prompt(imagePrompt);
  if (input === null) return;
  const src = input.trim();
  if (src === "") return;
  if (!isAllowedImageUrl(src)) {
    onRefused("image");
    return;
  }
  onImageUrl(src);
}

export function EditorToolbar({
  editor,
  controls,
  handlers,
}: {
  editor: Editor;
  /** The id of the editable element the toolbar acts on. */
  controls: string;
  handlers: ToolbarHandlers;
}) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => toolbarState(current),
  });
  const toolbar = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const focusable = toolbarGroups.flat().filter((action) => !state[action.id]?.disabled);
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
      {toolbarGroups.map((group, index) => (
        <div key={group[0]?.id} className="flex items-center gap-0.5">
          {index > 0 && <span className="mx-1 h-6 w-px bg-border" aria-hidden />}
          {group.map((action) => {
            const { active, disabled } = state[action.id] ?? {};
            return (
              <button
                key={action.id}
                type="button"
                aria-label={action.label}
                title={action.label}
                aria-pressed={active}
                disabled={disabled}
                tabIndex={action.id === tabStop ? 0 : -1}
                onFocus={() => setFocused(action.id)}
                // Keep the editor's selection: the click acts on it.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => action.run(editor, handlers)}
                className={cn(
                  "inline-flex size-9 items-center justify-center rounded-md text-foreground/80 transition-colors hover:bg-background hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-40 [&_svg]:size-4",
                  active && "bg-background text-primary shadow-sm ring-1 ring-border",
                )}
              >
                <action.icon aria-hidden />
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}
