// Matches a method and path to an operation of the service, using the route templates of @calckit/protocol.
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
