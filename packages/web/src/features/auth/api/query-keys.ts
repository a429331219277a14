/** TanStack Query keys of the sign-in pages: the account behind a one-time link. */
export const authKeys = {
  passwordResetLink: (id: string) => ['auth', 'passwordResetLink', id] as const,
  invitationLink: (id: string) => ['auth', 'invitationLink', id] as const,
};
