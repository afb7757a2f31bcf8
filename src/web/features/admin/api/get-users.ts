import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { adminUsersPage } from "#shared/contracts/admin.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { throwWhenEmpty } from "#web/lib/query-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { queryString } from "./query-string.ts";

export type UsersQuery = { q?: string; page: number };
export const USERS_PAGE_SIZE = 20;

export const getUsers = ({ q, page }: UsersQuery) =>
  apiFetch(`/api/admin/users${queryString({ q, page, pageSize: USERS_PAGE_SIZE })}`, {
    schema: adminUsersPage,
  });

export const usersQueryOptions = (query: UsersQuery) =>
  queryOptions({
    queryKey: queryKeys.admin.users(query),
    queryFn: () => getUsers(query),
    placeholderData: keepPreviousData,
  });

export const useUsers = (query: UsersQuery) =>
  useQuery({ ...usersQueryOptions(query), throwOnError: throwWhenEmpty });
