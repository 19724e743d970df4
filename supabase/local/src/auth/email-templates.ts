// Auth's e-mail templates: the small part of Go's html/template that the project's templates use
// (fields, .Data.<key>, if/else if/else with eq, top-level string constants, comments),
// compiled when the stack starts so a construct it does not know stops the start instead of
// being mailed as text. Values are HTML-escaped as html/template escapes them in text and in
// attributes; GoTrue renders the subject with the same engine and the same data.

/** The values GoTrue gives the invite, confirmation, recovery and magic-link templates. */
export interface EmailTemplateData {
  ConfirmationURL: string;
  Token: string;
  TokenHash: string;
  SiteURL: string;
  RedirectTo: string;
  Email: string;
  /** The user's user_metadata. */
  Data: Record<string, unknown>;
}

const FIELDS = new Set(["ConfirmationURL", "Token", "TokenHash", "SiteURL", "RedirectTo", "Email"]);

type Argument = { kind: "path"; path: string[] } | { kind: "string"; value: string };
type Condition =
  { kind: "value"; argument: Argument } | { kind: "eq"; left: Argument; right: Argument };
type Node = { kind: "text"; text: string } | { kind: "value"; argument: Argument } | IfNode;
interface IfNode {
  kind: "if";
  branches: { condition: Condition; body: Node[] }[];
  otherwise: Node[];
}

export class EmailTemplateError extends Error {}

export interface EmailTemplate {
  render(data: EmailTemplateData): string;
}

const ACTION = /\{\{(-?)\s*([\s\S]*?)\s*(-?)\}\}/g;

/** Constants a template declares at its top level: {{ $brand := "Appgrove" }}. */
type Variables = Map<string, string>;

function parseArgument(source: string, where: string, variables: Variables): Argument {
  const variable = /^\$([A-Za-z_]\w*)$/.exec(source)?.[1];
  if (variable !== undefined && variables.has(variable)) {
    return { kind: "string", value: variables.get(variable)! };
  }
  const literal = /^"((?:[^"\\]|\\.)*)"$/.exec(source);
  if (literal) return { kind: "string", value: JSON.parse(`"${literal[1]}"`) as string };
  const path = /^\.([A-Za-z_]\w*)(?:\.([A-Za-z_]\w*))?$/.exec(source);
  if (path) {
    const [, field, key] = path as unknown as [string, string, string | undefined];
    if (field === "Data" && key) return { kind: "path", path: ["Data", key] };
    if (FIELDS.has(field) && !key) return { kind: "path", path: [field] };
  }
  throw new EmailTemplateError(`${where}: unknown value "${source}"`);
}

function parseCondition(source: string, where: string, variables: Variables): Condition {
  const eq = /^eq\s+(\S+|"(?:[^"\\]|\\.)*")\s+(\S+|"(?:[^"\\]|\\.)*")$/.exec(source);
  if (eq) {
    return {
      kind: "eq",
      left: parseArgument(eq[1]!, where, variables),
      right: parseArgument(eq[2]!, where, variables),
    };
  }
  return { kind: "value", argument: parseArgument(source, where, variables) };
}

const DECLARATION = /^\$([A-Za-z_]\w*)\s*:=\s*("(?:[^"\\]|\\.)*")$/;

interface Token {
  text: string;
  action: string | null;
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  let trimNext = false;
  for (const match of source.matchAll(ACTION)) {
    let text = source.slice(last, match.index);
    if (trimNext) text = text.replace(/^\s+/, "");
    if (match[1]) text = text.replace(/\s+$/, "");
    tokens.push({ text, action: match[2]! });
    trimNext = !!match[3];
    last = match.index + match[0].length;
  }
  const rest = source.slice(last);
  tokens.push({ text: trimNext ? rest.replace(/^\s+/, "") : rest, action: null });
  return tokens;
}

/** Parses `source`; `where` names it in errors (the file, or the subject's setting). */
export function compileEmailTemplate(source: string, where: string): EmailTemplate {
  const root: Node[] = [];
  const variables: Variables = new Map();
  const open: { node: IfNode; body: Node[]; inElse: boolean }[] = [];
  const sink = () => open.at(-1)?.body ?? root;
  const unexpected = (action: string) =>
    new EmailTemplateError(`${where}: unexpected {{ ${action} }}`);
  for (const { text, action } of tokenize(source)) {
    if (text) sink().push({ kind: "text", text });
    if (action === null || (action.startsWith("/*") && action.endsWith("*/"))) continue;
    const declaration = DECLARATION.exec(action);
    if (declaration) {
      if (open.length || variables.has(declaration[1]!)) throw unexpected(action);
      variables.set(declaration[1]!, JSON.parse(declaration[2]!) as string);
      continue;
    }
    const [, word, rest] = /^(if|else if|else|end)\b\s*(.*)$/.exec(action) ?? [];
    const frame = open.at(-1);
    if (word === "if") {
      const node: IfNode = {
        kind: "if",
        branches: [{ condition: parseCondition(rest!, where, variables), body: [] }],
        otherwise: [],
      };
      sink().push(node);
      open.push({ node, body: node.branches[0]!.body, inElse: false });
    } else if (word === "else if") {
      if (!frame || frame.inElse) throw unexpected(action);
      const branch = { condition: parseCondition(rest!, where, variables), body: [] };
      frame.node.branches.push(branch);
      frame.body = branch.body;
    } else if (word === "else" || word === "end") {
      if (!frame || rest || (word === "else" && frame.inElse)) throw unexpected(action);
      if (word === "end") open.pop();
      else Object.assign(frame, { body: frame.node.otherwise, inElse: true });
    } else {
      sink().push({ kind: "value", argument: parseArgument(action, where, variables) });
    }
  }
  if (open.length) throw new EmailTemplateError(`${where}: {{ if }} without {{ end }}`);
  return { render: (data) => renderNodes(root, data, where) };
}

function valueOf(argument: Argument, data: EmailTemplateData): unknown {
  if (argument.kind === "string") return argument.value;
  const [field, key] = argument.path as [keyof EmailTemplateData, string?];
  return key === undefined ? data[field] : data.Data?.[key];
}

function truthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (value && typeof value === "object") return Object.keys(value).length > 0;
  return !!value;
}

function holds(condition: Condition, data: EmailTemplateData, where: string): boolean {
  if (condition.kind === "value") return truthy(valueOf(condition.argument, data));
  const left = valueOf(condition.left, data);
  const right = valueOf(condition.right, data);
  // Go's eq: a missing value equals nothing; values of different kinds are an error.
  if (left === undefined || left === null || right === undefined || right === null) return false;
  if (typeof left !== typeof right || typeof left === "object") {
    throw new EmailTemplateError(`${where}: eq: incompatible types for comparison`);
  }
  return left === right;
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&#34;",
  "'": "&#39;",
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);

function renderNodes(nodes: Node[], data: EmailTemplateData, where: string): string {
  let output = "";
  for (const node of nodes) {
    if (node.kind === "text") output += node.text;
    else if (node.kind === "value") {
      const value = valueOf(node.argument, data);
      output += value === undefined || value === null ? "" : escapeHtml(String(value));
    } else {
      const branch = node.branches.find(({ condition }) => holds(condition, data, where));
      output += renderNodes(branch ? branch.body : node.otherwise, data, where);
    }
  }
  return output;
}
