/**
 * A function's answers kept by argument: rule values (patterns, ranges) repeat on every request
 * at the edge, so each is compiled once. The store is emptied when it reaches `limit` entries,
 * so values from deleted rules do not pile up.
 */
export function memoByText<T>(compute: (key: string) => T, limit = 1_000): (key: string) => T {
  const kept = new Map<string, T>();
  return (key) => {
    if (kept.has(key)) return kept.get(key) as T;
    if (kept.size >= limit) kept.clear();
    const value = compute(key);
    kept.set(key, value);
    return value;
  };
}
