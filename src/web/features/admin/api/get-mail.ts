import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminMail } from "#shared/contracts/admin.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { throwWhenEmpty } from "#web/lib/query-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export const getMail = () => apiFetch("/api/admin/mail", { schema: adminMail });

export const mailQueryOptions = () => queryOptions({ queryKey: queryKeys.admin.mail, queryFn: getMail });

export const useMail = () => useQuery({ ...mailQueryOptions(), throwOnError: throwWhenEmpty });
