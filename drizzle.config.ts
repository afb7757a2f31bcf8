import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // The barrel, not a glob of schema/: a glob also loads the unit tests kept beside the tables.
  schema: "./src/server/db/schema.ts",
  out: "./drizzle",
  casing: undefined,
});
