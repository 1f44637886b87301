/** Values put into a message's {name} placeholders. */
export type TVars = Readonly<Record<string, string | number>>;

const PLACEHOLDER = /\{(\w+)\}/g;

/** Puts the values into the {name} placeholders; a placeholder without a value stays as written. */
export function interpolate(text: string, vars?: TVars): string {
  if (!vars) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** The placeholder names a message uses, sorted (a translation must use the same ones). */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''))].toSorted();
}

interface Template<K extends string> {
  key: K;
  pattern: RegExp;
  names: string[];
}

/** The English catalogue indexed by its own text: whole messages, and messages with placeholders as patterns. */
export interface MessageIndex<K extends string> {
  exact: ReadonlyMap<string, K>;
  templates: ReadonlyArray<Template<K>>;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function indexMessages<K extends string>(english: Readonly<Record<K, string>>): MessageIndex<K> {
  const exact = new Map<string, K>();
  const templates: Array<Template<K> & { literal: number }> = [];
  for (const [key, text] of Object.entries(english) as Array<[K, string]>) {
    const names = [...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '');
    if (names.length === 0) {
      if (!exact.has(text)) exact.set(text, key);
      continue;
    }
    const literal = text.replace(PLACEHOLDER, '');
    // A message that is nothing but placeholders would match any text.
    if (literal.trim() === '') continue;
    const source = text
      .split(PLACEHOLDER)
      .map((part, index) => (index % 2 === 1 ? '(.+?)' : escapeRegExp(part)))
      .join('');
    templates.push({ key, pattern: new RegExp(`^${source}$`, 's'), names, literal: literal.length });
  }
  // The most specific pattern first: 'Front: {message}' before a pattern that could also match it.
  templates.sort((a, b) => b.literal - a.literal);
  return { exact, templates };
}

/**
 * A message that arrives as English text (from the server, a contract, a stored draft) in the
 * catalogue's language: looked up whole, else matched against the messages with placeholders,
 * whose values are looked up in turn ('First name is required' → the field's own name). Unknown text
 * stays as it came.
 */
export function translateMessage<K extends string>(
  text: string,
  index: MessageIndex<K>,
  target: Readonly<Record<K, string>>,
  depth = 0,
): string {
  const key = index.exact.get(text);
  if (key) return target[key];
  if (depth > 1) return text;
  for (const template of index.templates) {
    const found = template.pattern.exec(text);
    if (!found) continue;
    const vars: Record<string, string> = {};
    template.names.forEach((name, at) => {
      vars[name] = translateMessage(found[at + 1] ?? '', index, target, depth + 1);
    });
    return interpolate(target[template.key], vars);
  }
  return text;
}
