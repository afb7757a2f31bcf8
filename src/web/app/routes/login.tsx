import { SignInPage } from "#web/features/auth/components/sign-in-page.tsx";

export function Component() {
  return <SignInPage />;
}
