// What a personal API key or an OAuth app may do: read or write, per resource (issue 26). The
// plain words are what the consent page and the settings show for each scope.
export const API_RESOURCES = ["tasks", "projects", "time", "calendar", "insights"] as const;
export type ApiResource = (typeof API_RESOURCES)[number];

export const API_SCOPES = [
  "tasks:read",
  "tasks:write",
  "projects:read",
  "projects:write",
  "time:read",
  "time:write",
  "calendar:read",
  "calendar:write",
  "insights:read",
  "insights:write",
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const SCOPE_WORDS: Record<ApiScope, string> = {
  "tasks:read": "See your tasks",
  "tasks:write": "Create, change and delete your tasks",
  "projects:read": "See your projects",
  "projects:write": "Create, change and delete your projects",
  "time:read": "See your time logs and timers",
  "time:write": "Start and stop timers and log time for you",
  "calendar:read": "See your calendar",
  "calendar:write": "Add and change items on your calendar",
  "insights:read": "See your productivity insights",
  "insights:write": "Ask for new productivity insights for you",
};

export function isApiScope(value: string): value is ApiScope {
  return (API_SCOPES as readonly string[]).includes(value);
}

/** The scopes in the catalogue's order, each once. */
export function sortScopes(scopes: readonly string[]): ApiScope[] {
  return API_SCOPES.filter((s) => scopes.includes(s));
}

/**
 * What the MCP server's tools can need (decision 293): the scopes its protected-resource metadata
 * offers, so an assistant asks for these and the consent page lists only them.
 */
export const MCP_SCOPES = [
  "tasks:read",
  "tasks:write",
  "time:write",
  "calendar:write",
  "insights:read",
] as const satisfies readonly ApiScope[];

/** A team's cap on registered apps: the spec's "10 custom apps" of the Team plan. */
export const MAX_APPS_PER_TEAM = 10;
/** The longest an API key may live, and the choices the form offers. */
export const API_KEY_EXPIRY_DAYS = [7, 30, 90, 365] as const;
