// Reads a request's target (path and query) and matches a method and path to an operation of the service, using the
// route templates of @calckit/protocol.
import { OPERATIONS, type OperationName } from '@calckit/protocol';

interface CompiledRoute {
  readonly operation: OperationName;
  readonly method: string;
  readonly pattern: RegExp;
  readonly paramNames: readonly string[];
}

function compile(template: string): { pattern: RegExp; paramNames: string[] } {
  const paramNames: string[] = [];
  const source = template
    .split('/')
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      paramNames.push(param[1]!);
      return '([^/]+)';
    })
    .join('/');
  return { pattern: new RegExp(`^${source}$`), paramNames };
}

const ROUTES: readonly CompiledRoute[] = Object.entries(OPERATIONS).map(([operation, spec]) => ({
  operation: operation as OperationName,
  method: spec.method,
  ...compile(spec.route),
}));

export type RouteMatch =
  | { readonly kind: 'operation'; readonly operation: OperationName; readonly rawParams: Readonly<Record<string, string>> }
  | { readonly kind: 'wrong-method'; readonly allow: readonly string[] }
  | { readonly kind: 'none' };

export function matchRoute(method: string, pathname: string): RouteMatch {
  const allow: string[] = [];
  for (const route of ROUTES) {
    const m = route.pattern.exec(pathname);
    if (!m) continue;
    if (route.method !== method) {
      allow.push(route.method);
      continue;
    }
    const rawParams: Record<string, string> = {};
    route.paramNames.forEach((name, i) => (rawParams[name] = m[i + 1]!));
    return { kind: 'operation', operation: route.operation, rawParams };
  }
  return allow.length > 0 ? { kind: 'wrong-method', allow } : { kind: 'none' };
}

/**
 * Targets made only of these characters read the same with or without the URL parser (no dot segments, escapes,
 * backslashes or `+`), so the common case skips it; anything else goes through `URL`.
 */
const PLAIN_TARGET = /^\/[A-Za-z0-9_\-/]*(?:\?[A-Za-z0-9_\-=&]*)?$/;

/** Path and query of an origin-form target ("/path?query"); undefined for anything else (absolute URLs, "*"). */
export function parseTarget(rawUrl: string): { pathname: string; searchParams: URLSearchParams } | undefined {
  if (!rawUrl.startsWith('/')) return undefined;
  if (PLAIN_TARGET.test(rawUrl)) {
    const q = rawUrl.indexOf('?');
    return q === -1
      ? { pathname: rawUrl, searchParams: new URLSearchParams() }
      : { pathname: rawUrl.slice(0, q), searchParams: new URLSearchParams(rawUrl.slice(q + 1)) };
  }
  const url = new URL(`http://emulator.invalid${rawUrl}`);
  return { pathname: url.pathname, searchParams: url.searchParams };
}
