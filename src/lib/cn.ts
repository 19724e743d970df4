import { clsx, type ClassValue } from "clsx";
import { createTailwindMerge } from "tailwind-merge";

// tailwind-merge's default configuration knows every Tailwind utility and weighs about 6 kB
// gzipped on every page. This one knows only the utility families this site uses, which is all
// `cn` ever merges; src/lib/__tests__/cn.test.ts proves that it resolves every pair of classes in
// the source exactly as the default configuration (plus the brand's type sizes) does.
const any = () => true;
const isNumber = (value: string) => value !== "" && !Number.isNaN(Number(value));
const borderWidth = ["", isNumber];
const isInset = (value: string) =>
  isNumber(value) || /^\d+\/\d+$|^\[.+\]$|^(px|full|auto)$/.test(value);
const fontSizes = ["xs", "sm", "base", "lg", "xl", "2xl", "3xl", "4xl", "5xl", "6xl", "7xl"];
const shadowSizes = ["2xs", "xs", "sm", "md", "lg", "xl", "2xl", "none", "inner"];
const sides = ["x", "y", "s", "e", "t", "r", "b", "l"] as const;
const sided = (prefix: string) =>
  Object.fromEntries(sides.map((side) => [`${prefix}${side}`, [{ [`${prefix}${side}`]: [any] }]]));

const twMerge = createTailwindMerge(() => ({
  cacheSize: 500,
  theme: {},
  classGroups: {
    display: [
      "block",
      "inline-block",
      "inline",
      "flex",
      "inline-flex",
      "grid",
      "inline-grid",
      "hidden",
      "contents",
      "table",
      "table-cell",
      "table-row",
      "table-header-group",
      "table-row-group",
    ],
    position: ["static", "fixed", "absolute", "relative", "sticky"],
    inset: [{ inset: [isInset] }],
    "inset-x": [{ "inset-x": [isInset] }],
    "inset-y": [{ "inset-y": [isInset] }],
    top: [{ top: [isInset] }],
    right: [{ right: [isInset] }],
    bottom: [{ bottom: [isInset] }],
    left: [{ left: [isInset] }],
    z: [{ z: [any] }],
    p: [{ p: [any] }],
    ...sided("p"),
    m: [{ m: [any] }],
    ...sided("m"),
    gap: [{ gap: [any] }],
    "gap-x": [{ "gap-x": [any] }],
    "gap-y": [{ "gap-y": [any] }],
    "space-x": [{ "space-x": [any] }],
    "space-y": [{ "space-y": [any] }],
    size: [{ size: [any] }],
    w: [{ w: [any] }],
    h: [{ h: [any] }],
    "min-w": [{ "min-w": [any] }],
    "min-h": [{ "min-h": [any] }],
    "max-w": [{ "max-w": [any] }],
    "max-h": [{ "max-h": [any] }],
    flex: [{ flex: ["1", "auto", "initial", "none"] }],
    "flex-direction": [{ flex: ["row", "row-reverse", "col", "col-reverse"] }],
    shrink: [{ shrink: [any] }],
    grow: [{ grow: [any] }],
    "grid-cols": [{ "grid-cols": [any] }],
    "col-span": [{ col: [{ span: [any] }] }],
    "align-items": [{ items: [any] }],
    "justify-content": [{ justify: [any] }],
    "justify-self": [{ "justify-self": [any] }],
    "font-size": [{ text: [...fontSizes, "display", "headline"] }],
    "text-alignment": [{ text: ["left", "center", "right", "justify", "start", "end"] }],
    "text-wrap": [{ text: ["wrap", "nowrap", "balance", "pretty"] }],
    "text-color": [{ text: [any] }],
    "font-weight": [
      { font: ["thin", "light", "normal", "medium", "semibold", "bold", "extrabold", "black"] },
    ],
    "font-family": [{ font: [any] }],
    leading: [{ leading: [any] }],
    tracking: [{ tracking: [any] }],
    whitespace: [{ whitespace: [any] }],
    break: [{ break: ["normal", "words", "all", "keep"] }],
    "line-clamp": [{ "line-clamp": [any] }],
    "text-decoration": ["underline", "overline", "line-through", "no-underline"],
    "underline-offset": [{ "underline-offset": [any] }],
    select: [{ select: ["none", "text", "all", "auto"] }],
    "list-style-type": [{ list: [any] }],
    "bg-image": [{ bg: [{ linear: [{ to: [any] }] }] }],
    "bg-color": [{ bg: [any] }],
    "gradient-from": [{ from: [any] }],
    "gradient-to": [{ to: [any] }],
    "border-w": [{ border: borderWidth }],
    ...Object.fromEntries(
      sides.map((side) => [`border-w-${side}`, [{ [`border-${side}`]: borderWidth }]]),
    ),
    "border-style": [{ border: ["solid", "dashed", "dotted", "double", "hidden", "none"] }],
    "border-color": [{ border: [any] }],
    rounded: [{ rounded: [any] }],
    shadow: [{ shadow: [...shadowSizes, (value: string) => value.startsWith("[")] }],
    "shadow-color": [{ shadow: [any] }],

    "ring-w": [{ ring: ["", isNumber] }],
    "ring-color": [{ ring: [any] }],
    "outline-offset": [{ "outline-offset": [any] }],
    "outline-style": [{ outline: ["solid", "dashed", "dotted", "double", "none", "hidden"] }],
    "outline-w": [{ outline: ["", isNumber] }],
    "outline-color": [{ outline: [any] }],
    opacity: [{ opacity: [any] }],
    overflow: [{ overflow: ["auto", "hidden", "clip", "visible", "scroll"] }],
    "overflow-x": [{ "overflow-x": [any] }],
    "overflow-y": [{ "overflow-y": [any] }],
    cursor: [{ cursor: [any] }],
    fill: [{ fill: [any] }],
    transition: [{ transition: ["", "all", "colors", "opacity", "shadow", "transform", "none"] }],
    "translate-x": [{ "translate-x": [any] }],
    "translate-y": [{ "translate-y": [any] }],
    scale: [{ scale: [any] }],
    animate: [{ animate: [any] }],
    aspect: [{ aspect: [any] }],
    "object-fit": [{ object: ["contain", "cover", "fill", "none", "scale-down"] }],
  },
  conflictingClassGroups: {
    inset: ["inset-x", "inset-y", "top", "right", "bottom", "left"],
    "inset-x": ["right", "left"],
    "inset-y": ["top", "bottom"],
    p: sides.map((side) => `p${side}`),
    px: ["pr", "pl", "ps", "pe"],
    py: ["pt", "pb"],
    m: sides.map((side) => `m${side}`),
    mx: ["mr", "ml", "ms", "me"],
    my: ["mt", "mb"],
    gap: ["gap-x", "gap-y"],
    size: ["w", "h"],
    flex: ["grow", "shrink"],
    "line-clamp": ["display", "overflow"],
    "font-size": ["leading"],
    "border-w": sides.map((side) => `border-w-${side}`),
    "border-w-x": ["border-w-r", "border-w-l", "border-w-s", "border-w-e"],
    "border-w-y": ["border-w-t", "border-w-b"],
    overflow: ["overflow-x", "overflow-y"],
  },
  conflictingClassGroupModifiers: { "font-size": ["leading"] },
  orderSensitiveModifiers: [],
}));

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
