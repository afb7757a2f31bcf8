import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client.ts";

export type DeleteAccountResult = { deleted: true; purgeAfter: string };

/** Closes the account (the password confirms it); the server signs every session out. */
export const deleteAccount = (password: string) =>
  apiFetch<DeleteAccountResult>("/api/account/delete", { method: "POST", json: { password } });

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
