import { queryOptions, useQuery } from "@tanstack/react-query";
import { invitationPreview } from "#shared/contracts/team.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { throwFailureWhenEmpty } from "#web/lib/query-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** What the accept page shows: the team, who invited, and whether the invitation is still open. */
export const getInvitation = (id: string) =>
  apiFetch(`/api/team/invitations/${encodeURIComponent(id)}`, { schema: invitationPreview });

export const invitationQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.team.invitation(id), queryFn: () => getInvitation(id), retry: false });

/** A refusal (no such invitation, someone else's) is the card's to explain; a failure goes to its boundary. */
export const useInvitation = (id: string) =>
  useQuery({ ...invitationQueryOptions(id), throwOnError: throwFailureWhenEmpty });
