// The client address Better Auth is told, through one header we set ourselves.

/** Header carrying the client address we trust; any incoming copy is dropped before Better Auth sees it. */
export const CLIENT_IP_HEADER = "x-kairo-client-ip";

/** A copy of `headers` for Better Auth: any incoming client-address header replaced by ours. */
export function withClientIp(headers: Headers, ip: string | null): Headers {
  const copy = new Headers(headers);
  copy.delete(CLIENT_IP_HEADER);
  if (ip) copy.set(CLIENT_IP_HEADER, ip);
  return copy;
}
