// The server's migrations, read at build time by vite.config.ts (drizzle's readMigrationFiles).
declare module "virtual:kairo-migrations" {
  const migrations: { sql: string[]; bps: boolean; folderMillis: number; hash: string }[];
  export default migrations;
}
