/**
 * Which methods an API address accepts, from the routes the app has mounted, so an unknown
 * address answers 404 and a known one with the wrong method 405 before any sign-in check.
 */
export interface MountedRoute {
  method: string;
  path: string;
}

export type MethodsOf = (path: string) => string[];

const toPattern = (path: string) =>
  new RegExp(
    '^' +
      path
        .replace(/\/+$/, '')
        .split('/')
        .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/') +
      '/?$',
  );

export function methodsMatcher(routes: readonly MountedRoute[]): MethodsOf {
  // 'ALL' entries are middleware (use); they make no address exist on their own.
  const table = routes.filter((r) => r.method !== 'ALL').map((r) => ({ method: r.method, pattern: toPattern(r.path) }));
  return (path) => {
    const methods = new Set<string>();
    for (const r of table) if (r.pattern.test(path)) methods.add(r.method);
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods];
  };
}
