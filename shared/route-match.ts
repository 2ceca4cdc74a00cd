import type { RouteDef } from './routes';

export type RouteMatch =
  | { kind: 'found'; route: RouteDef; pathParameters: Record<string, string> }
  | { kind: 'method-not-allowed'; allowed: string[] }
  | { kind: 'not-found' };

function toRegExp(path: string): { re: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path
    .split('/')
    .map((segment) => {
      const greedy = /^\{(\w+)\+\}$/.exec(segment);
      if (greedy) {
        names.push(greedy[1]!);
        return '(.+)';
      }
      const param = /^\{(\w+)\}$/.exec(segment);
      if (param) {
        names.push(param[1]!);
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { re: new RegExp(`^${source}$`), names };
}

/** A path parameter as API Gateway hands it over: decoded, or as sent when it is no valid encoding (`%E0`). */
function decodeParameter(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Matches a request against the route table the way API Gateway does: exact paths before greedy ones. */
export function matchRoute(routes: readonly RouteDef[], method: string, path: string): RouteMatch {
  const ordered = [...routes].sort((a, b) => Number(a.path.includes('+}')) - Number(b.path.includes('+}')));
  const allowed: string[] = [];
  for (const route of ordered) {
    const { re, names } = toRegExp(route.path);
    const m = re.exec(path);
    if (!m) continue;
    if (route.method === 'ANY' || route.method === method.toUpperCase()) {
      const pathParameters: Record<string, string> = {};
      names.forEach((name, i) => (pathParameters[name] = decodeParameter(m[i + 1]!)));
      return { kind: 'found', route, pathParameters };
    }
    allowed.push(route.method);
  }
  return allowed.length ? { kind: 'method-not-allowed', allowed } : { kind: 'not-found' };
}
