// Every decision the code, the tests, the scripts, the README and the decisions themselves cite
// must exist: `decision 024`, `decisions 028 and 105`, `docs/decisions/015-bounded-waits-and-lock-order.md`
// (the exact file) and a decision's own `](087-quick-capture-dates-by-chrono.md)` link. And
// docs/decisions/index.md lists every decision once. Run by `npm run lint`, so a renamed decision or a
// number never written fails before review.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";

const SCANNED = ["src", "tests", "scripts", "bench", "docs", ".ci", "README.md"];
// The fixtures and this check's own test cite missing decisions on purpose.
const SKIPPED = new Set([
  "node_modules",
  "dist",
  "data",
  "fixtures",
  "test-results",
  "check-decision-links.test.ts",
]);

function walk(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return /\.(ts|tsx|md)$/.test(path) ? [path] : [];
  return readdirSync(path)
    .filter((name) => !SKIPPED.has(name))
    .flatMap((name) => walk(join(path, name)));
}

/** "decision 024", "Decisions 032, 036, 120 and 121", "decisions 028/105". */
const BY_NUMBER = /\bdecisions?\s+(\d{3}(?:(?:\s*,\s*|\s*\/\s*|\s+and\s+|\s+or\s+)\d{3})*)\b/gi;
/** "decisions/082-demo-in-the-browser.md", "decisions/082", a decision's link "](087-quick-capture.md)". */
const BY_PATH = /(?:decisions\/|\]\()(\d{3})(-[a-z0-9-]*[a-z0-9])?(\.md)?/g;

export type DecisionLinkProblem = string;

/** What is wrong under `root` (a folder holding docs/decisions and the scanned folders). */
export function findDecisionLinkProblems(root: string): DecisionLinkProblem[] {
  const dir = join(root, "docs/decisions");
  const files = readdirSync(dir).filter((name) => /^\d{3}-.+\.md$/.test(name));
  const byNumber = new Map(files.map((name) => [name.slice(0, 3), name]));
  const problems: DecisionLinkProblem[] = [];

  const configs = readdirSync(root).filter((name) => name.endsWith(".ts"));
  for (const file of [...SCANNED, ...configs].flatMap((p) => walk(join(root, p)))) {
    const where = relative(root, file);
    const lines = readFileSync(file, "utf8").split("\n");
    lines.forEach((line, i) => {
      const at = `${where}:${i + 1}`;
      for (const m of line.matchAll(BY_NUMBER))
        for (const number of m[1]!.match(/\d{3}/g)!)
          if (!byNumber.has(number)) problems.push(`${at} cites decision ${number}, which does not exist`);
      for (const m of line.matchAll(BY_PATH)) {
        const [cited, number, slug] = m;
        if (cited.startsWith("](") && !where.startsWith("docs/decisions/")) continue;
        const real = byNumber.get(number!);
        if (!real) problems.push(`${at} links decision ${number}, which does not exist`);
        else if (slug && real !== `${number}${slug}.md`)
          problems.push(`${at} links ${number}${slug}.md; the decision is ${real}`);
      }
    });
  }

  const index = join(dir, "index.md");
  const listed = existsSync(index) ? readFileSync(index, "utf8") : "";
  for (const name of files)
    if (!listed.includes(`](${name})`))
      problems.push(`docs/decisions/index.md does not list ${name} (one line: [NNN](file) title)`);
  return problems;
}

if (import.meta.main) {
  const problems = findDecisionLinkProblems(resolve(import.meta.dirname, ".."));
  if (problems.length) {
    console.error(`Decision links broken:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    process.exit(1);
  }
  console.info("decision links: ok");
}
