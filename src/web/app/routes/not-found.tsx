import { Link } from "react-router";
import { buttonVariants } from "#web/components/ui/button-variants.ts";

export function Component() {
  return (
    <main className="grid min-h-dvh place-items-center p-6 text-center">
      <div>
        <p className="text-sm font-medium text-accent">404</p>
        <h1 className="mt-2 text-3xl font-semibold">Page not found</h1>
        <p className="mt-2 text-muted">The page you are looking for does not exist or has moved.</p>
        <Link to="/" className={`${buttonVariants()} mt-6`}>
          Return to Home
        </Link>
      </div>
    </main>
  );
}
