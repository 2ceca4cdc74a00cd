/**
 * Stripe's request encoding: form fields (or query parameters) in bracket notation, which the SDK
 * writes for nested objects and arrays (`line_items[0][price]`, `metadata[userId]`, `expand[0]`,
 * or `expand[]` from other clients). Read back into the nested object the caller meant.
 */
export type Params = { [key: string]: ParamValue };
export type ParamValue = string | Params | ParamValue[];

/** `a[b][0]` -> ['a', 'b', '0']; `a[]` -> ['a', '']. */
function keyPath(key: string): string[] {
  const first = key.indexOf('[');
  if (first < 0) return [key];
  const parts = [key.slice(0, first)];
  for (const match of key.slice(first).matchAll(/\[([^\]]*)\]/g)) parts.push(match[1]!);
  return parts;
}

export function parseParams(search: URLSearchParams): Params {
  const root: Params = {};
  for (const [key, value] of search) {
    const path = keyPath(key);
    let node: Params | ParamValue[] = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(path[i + 1]!);
      if (Array.isArray(node)) {
        const index = part === '' ? node.length : Number(part);
        if (last) node[index] = value;
        else node = (node[index] ??= nextIsIndex ? [] : {}) as Params | ParamValue[];
      } else {
        if (last) node[part] = value;
        else node = (node[part] ??= nextIsIndex ? [] : {}) as Params | ParamValue[];
      }
    });
  }
  return root;
}

/** A parameter that should be a string; undefined when absent or empty (Stripe reads `x=` as unset). */
export function str(params: Params | undefined, key: string): string | undefined {
  const value = params?.[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function obj(params: Params | undefined, key: string): Params | undefined {
  const value = params?.[key];
  return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

export function arr(params: Params | undefined, key: string): ParamValue[] {
  const value = params?.[key];
  if (Array.isArray(value)) return value.filter((v) => v !== undefined);
  // The SDK indexes arrays, and a sparse or one-element array may arrive as an object keyed by digits.
  if (value && typeof value === 'object') return Object.keys(value).sort((a, b) => Number(a) - Number(b)).map((k) => value[k]!);
  return typeof value === 'string' ? [value] : [];
}

/** `metadata[...]`: string values; empty ones are dropped, as Stripe treats them as deletions. */
export function metadataOf(params: Params | undefined, key = 'metadata'): Record<string, string> {
  const meta = obj(params, key) ?? {};
  return Object.fromEntries(Object.entries(meta).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
}
