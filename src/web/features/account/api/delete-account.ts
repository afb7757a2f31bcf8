import { useMutation } from "@tanstack/react-query";
import { accountDeleted } from "#shared/contracts/account.ts";
import { apiFetch } from "#web/lib/api-client.ts";

/** Closes the account (the password confirms it); the server signs every session out. */
export const deleteAccount = (password: string) =>
  apiFetch("/api/account/delete", { method: "POST", json: { password }, schema: accountDeleted });

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
