/**
 * Platform §5: outside production an API path must end in a slash and must not
 * contain a double slash. The browser client raises, the server answers 400.
 * Returns the problem in words, or null when the path is fine.
 */
export function apiPathProblem(path: string): string | null {
  const pathname = path.split('?')[0] ?? '';
  if (pathname.includes('//')) return `API path "${pathname}" must not contain "//".`;
  if (!pathname.endsWith('/')) return `API path "${pathname}" must end with "/".`;
  return null;
}
