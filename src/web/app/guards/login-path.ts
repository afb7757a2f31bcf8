import { paths } from "#web/config/paths.ts";

/** /login with the place to come back to after signing in. */
export function loginPathFor(location: { pathname: string; search: string }) {
  return `${paths.login}?redirect=${encodeURIComponent(location.pathname + location.search)}`;
}
