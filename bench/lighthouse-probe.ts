// `node bench/lighthouse-probe.ts <url>`: the landing page's Lighthouse scores, mobile and desktop,
// with the audits that cost points (the same figures `npm run bench` prints, for one page).
import { lighthouseScores } from "./lighthouse.ts";

const url = process.argv[2] ?? "http://127.0.0.1:3000/";
for (const formFactor of ["mobile", "desktop"] as const) {
  const r = await lighthouseScores(url, formFactor);
  console.info(formFactor, JSON.stringify(r.scores), JSON.stringify(r.metrics));
  for (const f of r.failing) console.info("  ", f);
}
